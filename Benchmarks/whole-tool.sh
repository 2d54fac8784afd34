#!/usr/bin/env bash
# The whole `themeload check` on a generated 50,000-token theme (about 3 MB of YAML), against the
# floors its formats cannot beat, and the compiled form against its YAML source. Each figure is
# the median of RUNS runs (default 5); peak RSS is from GNU time. Builds both packages in release.
#
#   Benchmarks/whole-tool.sh [TOKENS] [RUNS]
#
# In CI (THEMELOAD_BENCH_QUICK=1) it runs once on 2,000 tokens, so it cannot rot; its numbers mean
# nothing there.
set -euo pipefail
cd "$(dirname "$0")/.."
tokens=${1:-50000}
runs=${2:-5}
if [ "${THEMELOAD_BENCH_QUICK:-}" = 1 ]; then tokens=2000; runs=1; fi
swift build -c release --product themeload >/dev/null
swift build -c release --package-path Benchmarks >/dev/null
tool=.build/release/themeload
bench=Benchmarks/.build/release/themeload-bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" generate "$tokens" "$work"
mv "$work/GeneratedJSON.json" "$work/Generated.json.tmp"
mkdir -p "$work/json" && mv "$work/Generated.json.tmp" "$work/json/Generated.json"
"$tool" compile "$work/Generated.yaml" -o "$work/compiled/Generated.themec" 2>/dev/null

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
time_tool() {  # time_tool FILE: median wall seconds of `themeload check FILE`
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        "$tool" check "$1" >/dev/null 2>&1 || true
        end=$(date +%s%N)
        echo "scale=4; ($end - $start) / 1000000000" | bc
    done | median
}
peak_rss() {  # peak_rss COMMAND...: kilobytes
    /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1
}

yaml_bytes=$(wc -c < "$work/Generated.yaml")
json_bytes=$(wc -c < "$work/json/Generated.json")
check_yaml=$(time_tool "$work/Generated.yaml")
check_json=$(time_tool "$work/json/Generated.json")
check_compiled=$(time_tool "$work/compiled/Generated.themec")
# A theme of one level: what starting the tool costs, a fixed part of every row.
mkdir -p "$work/tiny"
printf 'levels:\n  normal:\n    textColor: "#000000"\n' > "$work/tiny/Tiny.yaml"
check_tiny=$(time_tool "$work/tiny/Tiny.yaml")
scan_yaml=$("$bench" scan-yaml "$work/Generated.yaml" "$runs")
parse_json=$("$bench" parse-json "$work/json/Generated.json" "$runs")
idle_rss=$(peak_rss "$tool" formats)
check_rss=$(peak_rss "$tool" check "$work/Generated.yaml")

echo "## themeload check on a generated $tokens-token theme (release build, median of $runs runs)"
echo
echo "| measure | value | ratio |"
echo "|---|---:|---:|"
echo "| check, YAML ($yaml_bytes bytes) / bare libyaml event scan of the same bytes ($scan_yaml s) | $check_yaml s | $(echo "scale=2; $check_yaml / $scan_yaml" | bc)x |"
echo "| check, JSON ($json_bytes bytes) / JSONSerialization parsing the same bytes alone ($parse_json s) | $check_json s | $(echo "scale=2; $check_json / $parse_json" | bc)x |"
echo "| check, compiled / check, YAML source | $check_compiled s | $(echo "scale=2; $check_compiled / $check_yaml" | bc)x |"
echo "| check of a one-level theme: starting the tool, part of each row above | $check_tiny s | – |"
echo "| peak RSS of check, YAML ($check_rss KB) over the tool's idle RSS ($idle_rss KB), per source byte | $(( (check_rss - idle_rss) * 1024 )) bytes | $(echo "scale=1; ($check_rss - $idle_rss) * 1024 / $yaml_bytes" | bc)x |"
