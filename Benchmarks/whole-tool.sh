#!/usr/bin/env bash
# The whole `themeload check` on a generated 50,000-token theme (about 2 MB of YAML, 3 MB as
# JSON), against the floors its formats cannot beat, and the compiled form against its YAML
# source. RUNS rounds (default 5) each time every check once beside its baseline; each figure is
# the median over the rounds, each ratio the median of the rounds' ratios. Peak RSS is from GNU
# time. Builds both packages in release, the tool as the README says to install it: on Linux with
# the Swift runtime and Foundation linked in (`--static-swift-stdlib`).
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
static=()
if [ "$(uname -s)" = Linux ]; then static=(--static-swift-stdlib); fi
swift build -c release "${static[@]}" --product themeload >/dev/null
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
check_once() {  # check_once FILE: wall seconds of one `themeload check FILE`
    local start end
    start=$(date +%s%N)
    "$tool" check "$1" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    echo "scale=4; ($end - $start) / 1000000000" | bc
}
peak_rss() {  # peak_rss COMMAND...: kilobytes
    /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1
}

yaml_bytes=$(wc -c < "$work/Generated.yaml")
json_bytes=$(wc -c < "$work/json/Generated.json")
# A theme of one level: what starting the tool costs, a fixed part of every row.
mkdir -p "$work/tiny"
printf 'levels:\n  normal:\n    textColor: "#000000"\n' > "$work/tiny/Tiny.yaml"
# Each round times every check once and its baseline (the median of three warm runs in one
# process) right beside it, so the machine's drift falls on both sides of a ratio; each ratio is
# the median of the rounds' ratios.
rounds=$(mktemp)
for _ in $(seq "$runs"); do
    check_yaml=$(check_once "$work/Generated.yaml")
    scan_yaml=$("$bench" scan-yaml "$work/Generated.yaml" 3)
    check_json=$(check_once "$work/json/Generated.json")
    parse_json=$("$bench" parse-json "$work/json/Generated.json" 3)
    check_compiled=$(check_once "$work/compiled/Generated.themec")
    check_tiny=$(check_once "$work/tiny/Tiny.yaml")
    echo "$check_yaml $scan_yaml $check_json $parse_json $check_compiled $check_tiny" >> "$rounds"
done
column() { awk -v c="$1" '{ print $c }' "$rounds" | median; }
ratio() { awk -v a="$1" -v b="$2" '{ printf "%.4f\n", $a / $b }' "$rounds" | median; }
check_yaml=$(column 1); scan_yaml=$(column 2); check_json=$(column 3); parse_json=$(column 4)
check_compiled=$(column 5); check_tiny=$(column 6)
yaml_ratio=$(ratio 1 2); json_ratio=$(ratio 3 4); compiled_ratio=$(ratio 5 1)
rm -f "$rounds"
idle_rss=$(peak_rss "$tool" formats)
check_rss=$(peak_rss "$tool" check "$work/Generated.yaml")

echo "## themeload check on a generated $tokens-token theme (release build, median of $runs runs)"
echo
echo "| measure | value | ratio |"
echo "|---|---:|---:|"
echo "| check, YAML ($yaml_bytes bytes) / bare libyaml event scan of the same bytes ($scan_yaml s) | $check_yaml s | $(printf '%.2f' "$yaml_ratio")x |"
echo "| check, JSON ($json_bytes bytes) / JSONSerialization parsing the same bytes alone ($parse_json s) | $check_json s | $(printf '%.2f' "$json_ratio")x |"
echo "| check, compiled / check, YAML source | $check_compiled s | $(printf '%.2f' "$compiled_ratio")x |"
echo "| check of a one-level theme: starting the tool, part of each row above | $check_tiny s | – |"
echo "| peak RSS of check, YAML ($check_rss KB) over the tool's idle RSS ($idle_rss KB), per source byte | $(( (check_rss - idle_rss) * 1024 )) bytes | $(echo "scale=1; ($check_rss - $idle_rss) * 1024 / $yaml_bytes" | bc)x |"
