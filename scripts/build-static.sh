#!/usr/bin/env bash
# Builds orchestrate with the Swift runtime and Foundation linked statically and packs it, with
# the repository's cas/ objects and a SHA256SUMS file, into a tarball that runs on a stock
# ubuntu-latest runner with no Swift toolchain:
#
#   orchestrate-<version>-linux-<arch>/
#     orchestrate     the binary (finds cas/ beside itself; no environment needed)
#     cas/            the pinned Core archives and icons (content-addressed objects)
#     SHA256SUMS      sha256sum -c SHA256SUMS checks every file above
#
# The C libraries it still loads are ones every Ubuntu runner has (libc6, libstdc++6, libgcc-s1,
# zlib1g, libsqlite3-0, libssl3): the script reads `ldd` and fails on any other. libgrpc is not
# among them: it is loaded with dlopen, only for a grpc:// remote.
#
# Usage: scripts/build-static.sh [-c release|debug] [--scratch-path DIR] [--out DIR]
#   -c              build configuration (default release; the tests use debug, which only relinks
#                   what `swift build` already compiled)
#   --scratch-path  SwiftPM's build directory (default .build; a separate one keeps a release
#                   build beside the debug one)
#   --out           where the tarball goes (default .build/dist)
# Prints the tarball's path as its last line.
set -euo pipefail
cd "$(dirname "$0")/.."

config=release
scratch=.build
out=.build/dist
while [ $# -gt 0 ]; do
    case $1 in
        -c|--configuration) config=$2; shift 2 ;;
        --scratch-path) scratch=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        *) echo "build-static.sh: unknown argument \"$1\"; see the header of $0" >&2; exit 64 ;;
    esac
done
case $config in release|debug) ;; *) echo "build-static.sh: -c takes release or debug, not \"$config\"" >&2; exit 64 ;; esac

# --static-swift-stdlib links the Swift runtime, Foundation and Dispatch into the binary.
swift build -c "$config" --static-swift-stdlib --product orchestrate --scratch-path "$scratch" >&2
bin="$(swift build -c "$config" --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)/orchestrate"

# Every shared library the binary needs must come with a stock Ubuntu runner.
allowed='^(linux-vdso\.so\.1|/lib64/ld-linux-x86-64\.so\.2|ld-linux-aarch64\.so\.1|/lib/ld-linux-aarch64\.so\.1|libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libutil\.so\.1|libstdc\+\+\.so\.6|libgcc_s\.so\.1|libz\.so\.1|libsqlite3\.so\.0|libcrypto\.so\.3|libssl\.so\.3)$'
needed=$(ldd "$bin" | awk '{print $1}')
unexpected=$(printf '%s\n' "$needed" | grep -Ev "$allowed" || true)
if [ -n "$unexpected" ]; then
    echo "build-static.sh: $bin needs libraries a stock runner may not have:" >&2
    printf '  %s\n' "$unexpected" >&2
    ldd "$bin" >&2
    exit 1
fi
if ldd "$bin" | grep -q 'not found'; then
    echo "build-static.sh: a library $bin needs is missing here:" >&2
    ldd "$bin" >&2
    exit 1
fi

version=$("$bin" --version | awk '{print $2}')
arch=$(uname -m)
name="orchestrate-$version-linux-$arch"
mkdir -p "$out"
out=$(cd "$out" && pwd)
stage=$(mktemp -d "${TMPDIR:-/tmp}/orchestrate-static.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
# Symbols stripped (the dynamic ones stay): 86 MB → 62 MB; ICU's data in Foundation is most of it.
strip -o "$stage/$name/orchestrate" "$bin"
# The committed objects only (an untracked file in cas/ is not part of a release).
if git rev-parse --git-dir >/dev/null 2>&1; then
    git ls-files -z cas | while IFS= read -r -d '' f; do
        mkdir -p "$stage/$name/$(dirname "$f")"
        cp "$f" "$stage/$name/$f"
    done
else
    cp -R cas "$stage/$name/cas"
fi
chmod -R u=rwX,go=rX "$stage/$name"
(cd "$stage/$name" && find . -type f | sed 's|^\./||' | LC_ALL=C sort | xargs sha256sum > "$stage/SHA256SUMS")
mv "$stage/SHA256SUMS" "$stage/$name/SHA256SUMS"
# Deterministic: sorted names, zero times and owners, gzip without a name or time.
tar -C "$stage" --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cf - "$name" | gzip -n -9 > "$out/$name.tar.gz"
(cd "$out" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")

{
    echo "build-static.sh: $out/$name.tar.gz ($(stat -c %s "$out/$name.tar.gz") bytes; binary $(stat -c %s "$stage/$name/orchestrate") bytes stripped)"
    echo "build-static.sh: ldd $name/orchestrate:"
    ldd "$bin" | sed 's/ (0x[0-9a-f]*)//; s/^/  /'
} >&2
echo "$out/$name.tar.gz"
