#!/bin/sh
# Exercises Cores/android/gradlew against a local HTTP server (python3 -m http.server) serving a
# fake Gradle distribution whose bin/gradle only prints its arguments and working directory.
# Everything lives in a temporary directory that is removed on exit. Exits non-zero on the first
# failed check. Needs python3, and curl or wget for gradlew itself. Usage: scripts/gradlew-selftest.sh
set -eu

repo=$(cd "$(dirname "$0")/.." && pwd -P)
gradlew="$repo/Cores/android/gradlew"
[ -x "$gradlew" ] || { echo "gradlew-selftest: $gradlew is missing or not executable" >&2; exit 1; }

work=$(python3 -c 'import tempfile; print(tempfile.mkdtemp(prefix="gradlew-selftest."))')
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || :; fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' HUP INT TERM

checks=0
fail() {
    echo "gradlew-selftest: FAIL: $*" >&2
    exit 1
}
pass() {
    checks=$((checks + 1))
    echo "ok $checks - $*"
}

# The fake distribution: gradle-9.2.0/bin/gradle, executable, echoing its arguments and cwd.
mkdir -p "$work/served"
python3 - "$work/served/gradle-9.2.0-bin.zip" <<'EOF'
import sys, zipfile
script = '#!/bin/sh\necho "fake-gradle args: $*"\necho "fake-gradle cwd: $(pwd -P)"\n'
with zipfile.ZipFile(sys.argv[1], "w") as archive:
    info = zipfile.ZipInfo("gradle-9.2.0/bin/gradle")
    info.external_attr = 0o100755 << 16
    archive.writestr(info, script)
    archive.writestr("gradle-9.2.0/lib/README", "fake distribution for gradlew-selftest\n")
EOF
cp "$work/served/gradle-9.2.0-bin.zip" "$work/good.zip"
sha256() { python3 -c 'import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest())' "$1"; }
good_sum=$(sha256 "$work/good.zip")

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$work/served" >"$work/server.log" 2>&1 &
server_pid=$!
python3 - "$port" <<'EOF' || fail "the local HTTP server did not start"
import socket, sys, time
for _ in range(100):
    try:
        socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=0.2).close()
        sys.exit(0)
    except OSError:
        time.sleep(0.05)
sys.exit(1)
EOF

# project NAME SUM: a copy of gradlew with properties pointing at the local server; SUM may be empty.
project() {
    mkdir -p "$work/$1/gradle/wrapper"
    cp "$gradlew" "$work/$1/gradlew"
    {
        echo "distributionBase=GRADLE_USER_HOME"
        echo "distributionPath=wrapper/dists"
        echo "distributionUrl=http\\://127.0.0.1\\:$port/gradle-9.2.0-bin.zip"
        if [ -n "$2" ]; then echo "distributionSha256Sum=$2"; fi
        echo "networkTimeout=10000"
    } >"$work/$1/gradle/wrapper/gradle-wrapper.properties"
    pwd_of_project=$(cd "$work/$1" && pwd -P)
}
dists="$work/home/wrapper/dists/gradle-9.2.0-bin"
run() { # run PROJECT ARGS...: runs its gradlew from elsewhere; output in $work/out, status in $status
    name=$1
    shift
    status=0
    (cd "$work" && GRADLE_USER_HOME="$work/home" "$work/$name/gradlew" "$@") >"$work/out" 2>&1 || status=$?
}

# 1. The right checksum: downloads, verifies, unpacks, and runs bin/gradle from the project directory.
project good "$good_sum"
run good tasks --offline "two words"
[ "$status" -eq 0 ] || { cat "$work/out" >&2; fail "right checksum: exit $status"; }
grep -qx 'fake-gradle args: tasks --offline two words' "$work/out" || fail "arguments were not passed through: $(cat "$work/out")"
grep -qx "fake-gradle cwd: $pwd_of_project" "$work/out" || fail "bin/gradle did not run from the project directory"
[ -x "$dists/sha256-$good_sum/gradle-9.2.0/bin/gradle" ] || fail "distribution not unpacked where expected"
[ -f "$dists/sha256-$good_sum/gradle-9.2.0-bin.zip" ] || fail "verified zip not kept"
if find "$dists" -name '.download.*' -o -name '.unpack.*' | grep -q .; then fail "temporary files left behind"; fi
pass "right checksum runs bin/gradle with the arguments, from the project directory"

# 2. Second run uses the unpacked copy: the server no longer has the zip.
mv "$work/served/gradle-9.2.0-bin.zip" "$work/served.bak"
run good --version
if [ "$status" -ne 0 ] || ! grep -qx 'fake-gradle args: --version' "$work/out"; then fail "cached run failed: $(cat "$work/out")"; fi
mv "$work/served.bak" "$work/served/gradle-9.2.0-bin.zip"
pass "a second run needs no download"

# 3. A wrong checksum: non-zero exit, both digests named, nothing unpacked or kept.
wrong_sum=0000000000000000000000000000000000000000000000000000000000000000
project wrong "$wrong_sum"
run wrong tasks
[ "$status" -ne 0 ] || fail "wrong checksum was accepted"
grep -q "SHA-256 mismatch" "$work/out" || fail "no mismatch message: $(cat "$work/out")"
if ! grep -q "$wrong_sum" "$work/out" || ! grep -q "$good_sum" "$work/out"; then fail "message does not name both digests"; fi
if grep -q 'fake-gradle' "$work/out"; then fail "bin/gradle ran despite the wrong checksum"; fi
[ ! -e "$dists/sha256-$wrong_sum" ] || fail "left $(find "$dists/sha256-$wrong_sum")"
pass "wrong checksum fails loudly with both digests and leaves nothing behind"

# 4. A tampered download for the pinned sum is rejected the same way.
printf 'tampered' >>"$work/served/gradle-9.2.0-bin.zip"
rm -rf "${work:?}/home"
run good tasks
if [ "$status" -eq 0 ] || ! grep -q "SHA-256 mismatch" "$work/out"; then fail "tampered download was accepted: $(cat "$work/out")"; fi
[ ! -e "$dists/sha256-$good_sum/gradle-9.2.0" ] || fail "tampered download was unpacked"
cp "$work/good.zip" "$work/served/gradle-9.2.0-bin.zip"
pass "a tampered download is deleted before unpacking"

# 5. No checksum: refuses before downloading.
project unpinned ""
rm -rf "${work:?}/home"
run unpinned tasks
if [ "$status" -eq 0 ] || ! grep -q "distributionSha256Sum is not set" "$work/out"; then fail "ran without a checksum: $(cat "$work/out")"; fi
[ ! -e "$work/home" ] || fail "created $(find "$work/home") without a checksum"
pass "no checksum, no run"

# 6. The fallbacks (wget, shasum, python3's zipfile) when curl, sha256sum and unzip are absent.
fallback_path="$work/fallback-bin"
mkdir -p "$fallback_path"
missing=""
for tool in sh dirname sed tail tr cut cat mkdir mv rm rmdir chmod pwd wget shasum perl env; do
    found=$(command -v "$tool" 2>/dev/null) || { missing="$missing $tool"; continue; }
    ln -s "$found" "$fallback_path/$tool"
done
# The interpreter itself, not a version-manager shim that needs other tools.
ln -s "$(python3 -c 'import sys; print(sys.executable)')" "$fallback_path/python3"
if [ -n "$missing" ]; then
    echo "skip - fallback tools run (not installed:$missing)"
else
    rm -rf "${work:?}/home"
    status=0
    (cd "$work" && PATH="$fallback_path" GRADLE_USER_HOME="$work/home" "$work/good/gradlew" build) >"$work/out" 2>&1 || status=$?
    if [ "$status" -ne 0 ] || ! grep -qx 'fake-gradle args: build' "$work/out"; then fail "fallback tools: $(cat "$work/out")"; fi
    pass "wget, shasum and python3 work in place of curl, sha256sum and unzip"
fi

echo "gradlew-selftest: all $checks checks passed"
