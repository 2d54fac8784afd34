#!/usr/bin/env bash
# Builds the libFuzzer targets and runs them.
#
#   Fuzz/fuzz.sh build                  build every target (release, -sanitize=fuzzer,address)
#   Fuzz/fuzz.sh seed                   make the seed corpora from the fixtures and conformance data
#   Fuzz/fuzz.sh run TARGET SECONDS     fuzz one target (json, json5, yaml, plist, loader, tokens, compiled or index) for SECONDS
#   Fuzz/fuzz.sh all SECONDS            build, seed, and fuzz every target for SECONDS each
#   Fuzz/fuzz.sh replay TARGET FILE...  run a target once on saved inputs (a crash to reproduce)
#   Fuzz/fuzz.sh ci                     build, seed, and run every target once over its seed corpus
#                                       (what .ci/run does: fails on any crash, leak or hang)
#
# Corpora grow in Fuzz/out/corpus/TARGET, findings land in Fuzz/out/findings/TARGET; both are
# ignored by git. A finding becomes a fixture case in Tests/ThemeloadTests/Fixtures (see README).
set -euo pipefail
cd "$(dirname "$0")"
here=$(pwd)
repo=$(cd .. && pwd)
conformance="$repo/../shared/conformance"
targets=(json json5 yaml plist loader tokens compiled index)
build_flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld --scratch-path "$here/.build")

binary() {
    case "$1" in
        json) echo "$here/.build/release/FuzzJSON" ;;
        json5) echo "$here/.build/release/FuzzJSON5" ;;
        yaml) echo "$here/.build/release/FuzzYAML" ;;
        plist) echo "$here/.build/release/FuzzPlist" ;;
        loader) echo "$here/.build/release/FuzzLoader" ;;
        tokens) echo "$here/.build/release/FuzzTokens" ;;
        compiled) echo "$here/.build/release/FuzzCompiled" ;;
        index) echo "$here/.build/release/FuzzIndex" ;;
        *) echo "unknown target '$1' (json, json5, yaml, plist, loader, tokens, compiled, index)" >&2; exit 64 ;;
    esac
}

build() {
    # SwiftPM does not see new files in a path dependency without this.
    rm -f "$here/.build/release.yaml" "$here/.build/release/description.json"
    swift build "${build_flags[@]}"
}

copy_seeds() {  # copy_seeds DESTINATION FILE...
    local destination=$1; shift
    mkdir -p "$destination"
    for file in "$@"; do
        [ -f "$file" ] && cp "$file" "$destination/$(echo "$file" | sha1sum | cut -c1-16)-$(basename "$file")"
    done
    return 0
}

append_joined() {  # append_joined SEED FILE...: the files, each ending in a newline, joined by `%%` lines
    local seed=$1 first=1
    shift
    for file in "$@"; do
        [ $first -eq 1 ] || printf '%%%%\n' >> "$seed"
        cat "$file" >> "$seed"
        [ -n "$(tail -c1 "$file")" ] && echo >> "$seed"
        first=0
    done
}

seed() {
    local seeds="$here/out/seeds"
    rm -rf "$seeds"
    local fixtures="$repo/Tests/ThemeloadTests/Fixtures"
    shopt -s nullglob globstar
    copy_seeds "$seeds/json" "$fixtures"/**/*.json "$repo/Resources"/**/*.json
    copy_seeds "$seeds/yaml" "$fixtures"/**/*.yaml "$repo/Resources"/**/*.yaml
    copy_seeds "$seeds/plist" "$fixtures"/**/*.plist
    # JSON5's seeds: the JSON5 files, and the JSON ones (JSON5 reads JSON as JSON does).
    copy_seeds "$seeds/json5" "$fixtures"/**/*.json5 "$repo/Tests/PluginFixtures"/**/*.json5 "$seeds"/json/*
    if [ -d "$conformance" ]; then
        copy_seeds "$seeds/json5" "$conformance"/JSONTestSuite/**/*.json "$conformance"/json5-tests/**/*.json5 "$conformance"/json5-tests/**/*.txt
        copy_seeds "$seeds/json" "$conformance"/JSONTestSuite/**/*.json
        copy_seeds "$seeds/yaml" "$conformance"/yaml-test-suite/**/in.yaml
        copy_seeds "$seeds/plist" "$conformance"/plist/**/*.plist
    else
        echo "note: $conformance is absent; seeding from the fixtures only" >&2
    fi
    # The loader's seeds: each fixture case's theme files joined with the separator line, the
    # case's main file first (see Sources/FuzzSupport/FuzzBundle.swift).
    mkdir -p "$seeds/loader"
    for case in "$fixtures"/*/; do
        local name files=()
        name=$(basename "$case")
        for file in "$case"**/*.yaml "$case"**/*.yml "$case"**/*.json; do
            [ -f "$file" ] || continue
            case "$(basename "$file")" in expected.json|canonical.json|diagnostics.json|case.json) continue ;; esac
            files+=("$file")
        done
        [ ${#files[@]} -eq 0 ] && continue
        : > "$seeds/loader/$name"
        append_joined "$seeds/loader/$name" "${files[@]:0:4}"
    done
    # The design-token target's seeds: every token file and resolver document of the fixtures
    # and of the DTCG conformance data, each behind the byte that says which it is (0 a token
    # file, 1 a resolver, 2 a Tokens Studio folder, 4 a bundle of token files, 8 a token file in
    # JSON5, 16 a manifest over a resolver; see
    # Sources/FuzzSupport/FuzzTokenFiles.swift).
    mkdir -p "$seeds/tokens"
    local token_files=("$fixtures"/**/*.tokens.json "$fixtures"/**/*.tokens "$fixtures"/**/*.tokens.json5 "$fixtures"/**/*.resolver.json)
    [ -d "$conformance/dtcg" ] && token_files+=("$conformance"/dtcg/examples/*.json "$conformance"/dtcg/figma-sds/**/*.json)
    for file in "${token_files[@]}"; do
        [ -f "$file" ] || continue
        local kind='\000'
        case "$file" in *.resolver.json|*/resolver-*.json) kind='\001' ;; *.tokens.json5) kind='\010' ;; esac
        { printf '%b' "$kind"; cat "$file"; } > "$seeds/tokens/$(echo "$file" | sha1sum | cut -c1-16)-$(basename "$file")"
    done
    # Bundles whose manifest includes token files (byte 4): each fixture case's included token
    # files, joined with the separator line.
    for case in "$fixtures"/*/Main.theme/; do
        local included=("$case"*.tokens.json)
        [ ${#included[@]} -ge 2 ] || continue
        local seed
        seed="$seeds/tokens/bundle-$(basename "$(dirname "$case")")"
        printf '\004' > "$seed"
        append_joined "$seed" "${included[@]:0:3}"
    done
    # Manifests over a resolver (byte 16): each fixture case with one resolver document and a
    # YAML manifest that extends it, the manifest first (its designTokens choose contexts).
    for resolver in "$fixtures"/*/Main.resolver.json; do
        local case_dir manifest
        case_dir=$(dirname "$resolver")
        for manifest in "$case_dir"/*.yaml; do
            [ -f "$manifest" ] && grep -q '^extends: Main' "$manifest" || continue
            local seed="$seeds/tokens/over-resolver-$(basename "$case_dir")-$(basename "$manifest" .yaml)"
            printf '\020' > "$seed"
            append_joined "$seed" "$manifest" "$resolver"
        done
    done
    # A Tokens Studio folder (byte 2): $metadata.json, $themes.json, then the sets a and b/c.
    { printf '\002'; cat <<'FOLDER'; } > "$seeds/tokens/tokens-studio-folder"
{"tokenSetOrder": ["a", "b/c"]}
%%
[{"name": "light", "group": "Mode", "selectedTokenSets": {"a": "source", "b/c": "enabled"}},
 {"name": "dark", "group": "Mode", "selectedTokenSets": {"a": "enabled", "b/c": "disabled"}}]
%%
{"gray": {"900": {"value": "#18181B", "type": "color"}}, "space": {"md": {"value": "16", "type": "spacing"}},
 "type": {"body": {"value": {"fontFamily": "Inter", "fontWeight": "SemiBold", "fontSize": "16", "lineHeight": "150%", "letterSpacing": "2%"}, "type": "typography"}}}
%%
{"fg": {"value": "{gray.900}", "type": "color"}, "gap": {"value": "{space.md}", "type": "spacing"},
 "shadow": {"value": {"x": "0", "y": "4", "blur": "8", "spread": "0", "color": "rgba(0,0,0,0.25)", "type": "dropShadow"}, "type": "boxShadow"}}
FOLDER
    # The compiled reader's seeds: every bundled theme and fixture case that loads, compiled by
    # the package's own tool, as it is and as a payload behind an odd byte (see FuzzChecks.compiled).
    mkdir -p "$seeds/compiled"
    local tool="$repo/.build/debug/themeload"
    # Built every time (a no-op when it is up to date), so the seeds are in the current format;
    # with themeload-remote beside it, which runs its keygen and publish below.
    (cd "$repo" && swift build --product themeload >/dev/null && swift build --product themeload-remote >/dev/null)
    local scratch
    scratch=$(mktemp -d)
    for theme in Default Blossom "$fixtures"/*/; do
        local name
        name=$(basename "$theme")
        if [ -d "$theme" ]; then
            "$tool" compile Main --search-path "$theme" -o "$scratch/$name.themec" >/dev/null 2>&1 || continue
        else
            "$tool" compile "$theme" -o "$scratch/$name.themec" >/dev/null 2>&1 || continue
        fi
        cp "$scratch/$name.themec" "$seeds/compiled/$name"
        # The payload follows the 24-byte header, behind the byte FuzzChecks.compiled reads as
        # the file's format (a theme from design tokens is written in format 7).
        local version kind
        version=$(od -A n -t u1 -j 8 -N 1 "$scratch/$name.themec" | tr -d ' ')
        case "$version" in 4) kind='\005' ;; 6) kind='\003' ;; 7) kind='\007' ;; *) kind='\001' ;; esac
        { printf '%b' "$kind"; tail -c +25 "$scratch/$name.themec"; } > "$seeds/compiled/$name.payload"
    done
    # A theme loaded with a rem other than 16 points, which is written in format 6 (its payload
    # behind the byte 3, which FuzzChecks.compiled reads as format 6).
    if "$tool" compile Main --search-path "$fixtures/rem-size-every-length" --rem-size 20 -o "$scratch/rem-size.themec" >/dev/null 2>&1; then
        cp "$scratch/rem-size.themec" "$seeds/compiled/rem-size"
        { printf '\003'; tail -c +25 "$scratch/rem-size.themec"; } > "$seeds/compiled/rem-size.payload"
    fi
    # Files of the older formats, as they were written.
    for old in "$fixtures"/compiled-format-*/Main.themec; do
        cp "$old" "$seeds/compiled/$(basename "$(dirname "$old")")-as-written"
    done
    # The remote index readers' seeds: signed indexes the tool publishes (a byte 0 before them)
    # and their payloads (a byte 1 before them), see Sources/FuzzIndex.
    mkdir -p "$seeds/index"
    "$tool" keygen --private-key "$scratch/key.pem" --public-key "$scratch/public.pem" >/dev/null
    local published=0
    for themes in "Default" "Default Blossom" "Blossom"; do
        # shellcheck disable=SC2086
        "$tool" publish $themes --private-key "$scratch/key.pem" -o "$scratch/published-$published" >/dev/null
        { printf '\000'; cat "$scratch/published-$published/index.json"; } > "$seeds/index/signed-$published"
        { printf '\001'; python3 -c 'import base64, json, sys; sys.stdout.buffer.write(base64.b64decode(json.load(open(sys.argv[1]))["payload"]))' \
            "$scratch/published-$published/index.json"; } > "$seeds/index/payload-$published"
        published=$((published + 1))
    done
    rm -rf "$scratch"
    # Local: bash's variables are seen by the functions a function calls, so a bare loop here
    # would set the `target` of a `run` that seeds first, and that run would fuzz the last target.
    local target
    for target in "${targets[@]}"; do
        echo "seeds for $target: $(ls "$seeds/$target" | wc -l)"
    done
}

run() {  # run TARGET SECONDS
    local target=$1 seconds=$2
    local corpus="$here/out/corpus/$target" findings="$here/out/findings/$target"
    mkdir -p "$corpus" "$findings"
    [ -d "$here/out/seeds/$target" ] || seed
    # Leaks are checked; a run over 10 s on one input is a hang; 2 GB is the memory ceiling. The
    # fuzzer runs in a child process and goes on after a finding, so one run collects them all.
    ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions="$here/lsan.supp" "$(binary "$target")" "$corpus" "$here/out/seeds/$target" \
        -dict="$here/themes.dict" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 -artifact_prefix="$findings/" -print_final_stats=1 \
        -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
    echo "findings for $target: $(ls "$findings" | wc -l) (in $findings)"
}

case "${1:-}" in
    build) build ;;
    seed) seed ;;
    run) [ $# -eq 3 ] || { echo "usage: fuzz.sh run TARGET SECONDS" >&2; exit 64; }; run "$2" "$3" ;;
    all)
        [ $# -eq 2 ] || { echo "usage: fuzz.sh all SECONDS" >&2; exit 64; }
        build; seed
        for target in "${targets[@]}"; do run "$target" "$2"; done ;;
    ci)
        build; seed
        for target in "${targets[@]}"; do
            echo "== $target: every seed once"
            mkdir -p "$here/out/findings/$target"
            ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions="$here/lsan.supp" "$(binary "$target")" \
                -runs=0 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$here/out/findings/$target/" "$here/out/seeds/$target"
        done ;;
    replay)
        [ $# -ge 3 ] || { echo "usage: fuzz.sh replay TARGET FILE..." >&2; exit 64; }
        target=$2; shift 2
        LSAN_OPTIONS=suppressions="$here/lsan.supp" "$(binary "$target")" "$@" ;;
    *) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64 ;;
esac
