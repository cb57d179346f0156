#!/usr/bin/env bash
# An REAPI v2 cache on loopback for tests and benchmarks: BuildGrid (PyPI `buildgrid`, pinned),
# serving ActionCache, ContentAddressableStorage and ByteStream for the default instance ("")
# from memory, over plaintext gRPC; or over TLS, with JWT bearer tokens for one instance.
#
#   scripts/buildgrid-cache.sh install              make the venv (if missing) and print bgd's path
#   scripts/buildgrid-cache.sh start PORT DIR [disk]
#                                                   write DIR/bgd.yml, start bgd, wait until it answers;
#                                                   `disk` keeps blobs in DIR/storage/cas/objects/ab/cdef…
#                                                   (files a test can damage) instead of memory
#   scripts/buildgrid-cache.sh start PORT DIR tls NAME_PORT
#                                                   the same over TLS (grpcs://localhost:PORT), with
#                                                   throwaway keys made here by openssl in DIR/tls/:
#                                                     ca.pem        the CA that signed the server's certificate
#                                                                   (DNS:localhost, IP:127.0.0.1)
#                                                     other-ca.pem  another CA, which signed nothing we serve
#                                                   NAME_PORT serves a certificate from ca.pem for another name
#                                                   (elsewhere.invalid), so grpcs://localhost:NAME_PORT must fail.
#                                                   Instances, each with its own memory storage: ''
#                                                   open to anyone, 'auth' only with a JWT (HS256,
#                                                   a throwaway secret) in DIR/auth/: writer.jwt may do
#                                                   anything, reader.jwt only GetCapabilities,
#                                                   GetActionResult, BatchReadBlobs and ByteStream Read,
#                                                   wrong.jwt is signed with another secret
#   scripts/buildgrid-cache.sh stop PORT DIR        stop the bgd started for DIR (by its pid file)
#
# The venv lives in $ORCHESTRATE_BUILDGRID_VENV (default: ~/.cache/orchestrate-test/buildgrid-0.4.4);
# $ORCHESTRATE_BGD names a bgd to use instead.
set -euo pipefail

version=0.4.4
venv=${ORCHESTRATE_BUILDGRID_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/orchestrate-test/buildgrid-$version}
usage() { echo "usage: $0 install | start PORT DIR [disk | tls NAME_PORT] | stop PORT DIR" >&2; exit 64; }

install() {
    if [ -n "${ORCHESTRATE_BGD:-}" ]; then echo "$ORCHESTRATE_BGD"; return; fi
    if [ ! -x "$venv/bin/bgd" ]; then
        python3 -m venv "$venv" >/dev/null
        "$venv/bin/pip" install -q --disable-pip-version-check "buildgrid==$version" >&2
    fi
    echo "$venv/bin/bgd"
}

# make_tls DIR: a throwaway CA (ca.pem), a server certificate it signed for localhost and
# 127.0.0.1 (server.pem, server.key), one it signed for elsewhere.invalid (elsewhere.pem, .key),
# and an unrelated CA (other-ca.pem). EC P-256 keys, valid for two days; nothing is reused.
make_tls() {
    local d=$1
    rm -rf "$d"
    mkdir -p "$d"
    chmod 700 "$d"
    local ca_ext="basicConstraints=critical,CA:TRUE
keyUsage=critical,keyCertSign,cRLSign"
    for ca in ca other-ca; do
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
            -subj "/CN=orchestrate test $ca" -keyout "$d/$ca.key" -out "$d/$ca.pem" \
            -addext "$(echo "$ca_ext" | head -1)" -addext "$(echo "$ca_ext" | tail -1)"
    done
    for leaf in server:DNS:localhost,IP:127.0.0.1 elsewhere:DNS:elsewhere.invalid; do
        local name=${leaf%%:*} san=${leaf#*:}
        local cn=${san%%,*}
        openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
            -subj "/CN=${cn#DNS:}" -keyout "$d/$name.key" -out "$d/$name.csr"
        printf 'subjectAltName=%s\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n' "$san" > "$d/$name.ext"
        openssl x509 -req -in "$d/$name.csr" -CA "$d/ca.pem" -CAkey "$d/ca.key" -set_serial "0x$(openssl rand -hex 8)" \
            -days 2 -extfile "$d/$name.ext" -out "$d/$name.pem"
        rm -f "$d/$name.csr" "$d/$name.ext"
    done
    openssl verify -CAfile "$d/ca.pem" "$d/server.pem" "$d/elsewhere.pem"
}

# make_tokens DIR BGD: a random HS256 secret and JWTs (valid for a day) with PyJWT from bgd's venv:
# writer.jwt, reader.jwt (subjects the ACL names), wrong.jwt (subject writer, another secret).
make_tokens() {
    local d=$1 python=${2%/*}/python
    mkdir -p "$d"
    chmod 700 "$d"
    openssl rand -hex 32 > "$d/secret"
    "$python" - "$d" <<'PY'
import sys, time, secrets, jwt
d = sys.argv[1]
secret = open(f"{d}/secret").read().strip()
exp = int(time.time()) + 86400
for name, sub, key in [("writer", "writer", secret), ("reader", "reader", secret), ("wrong", "writer", secrets.token_hex(32))]:
    with open(f"{d}/{name}.jwt", "w") as f:
        f.write(jwt.encode({"sub": sub, "exp": exp}, key, algorithm="HS256") + "\n")
PY
    [ -s "$d/wrong.jwt" ]
}

[ $# -ge 1 ] || usage
case $1 in
install) install ;;
start)
    [ $# -ge 3 ] || usage
    port=$2 dir=$3 mode=${4:-}
    case $port in ''|*[!0-9]*) usage ;; esac
    case $mode in
    '' | disk) [ $# -le 4 ] || usage ;;
    tls) [ $# -eq 5 ] || usage; name_port=$5; case $name_port in ''|*[!0-9]*) usage ;; esac ;;
    *) usage ;;
    esac
    bgd=$(install)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ -f "$dir/bgd.pid" ] && kill -0 "$(cat "$dir/bgd.pid")" 2>/dev/null; then
        echo "buildgrid-cache.sh: already running for $dir (pid $(cat "$dir/bgd.pid"))" >&2
        exit 0
    fi
    storage="!lru-storage &cas
    size: 256MB"
    if [ "$mode" = disk ]; then
        mkdir -p "$dir/storage"
        storage="!disk-storage &cas
    path: $dir/storage"
    fi
    # The keys and tags are BuildGrid's (buildgrid/server/app/settings/parser.py, reference.yml,
    # schema.yml; the JWT check in buildgrid/server/auth/manager.py).
    if [ "$mode" = tls ]; then
        # (Called in a list, the functions do not stop at the first failure; their last command
        # checks the result.)
        make_tls "$dir/tls" >"$dir/tls.log" 2>&1 \
            || { echo "buildgrid-cache.sh: openssl could not make the test certificates:" >&2; cat "$dir/tls.log" >&2; exit 70; }
        make_tokens "$dir/auth" "$bgd" >"$dir/auth.log" 2>&1 \
            || { echo "buildgrid-cache.sh: could not make the test tokens:" >&2; cat "$dir/auth.log" >&2; exit 70; }
        cat > "$dir/auth/acl.yml" <<YAML
'':
  allow: all
auth:
  allow:
    - subject: '^writer\$'
    - subject: '^reader\$'
      requests: [GetCapabilities, GetActionResult, BatchReadBlobs, Read]
YAML
        cat > "$dir/bgd.yml" <<YAML
server:
  - !channel
    address: "127.0.0.1:$port"
    insecure-mode: false
    credentials:
      tls-server-key: $dir/tls/server.key
      tls-server-cert: $dir/tls/server.pem
  - !channel
    address: "127.0.0.1:$name_port"
    insecure-mode: false
    credentials:
      tls-server-key: $dir/tls/elsewhere.key
      tls-server-cert: $dir/tls/elsewhere.pem
authorization:
  method: jwt
  algorithm: hs256
  secret: $dir/auth/secret
  acl-config: $dir/auth/acl.yml
  allow-unauthenticated-instances: ['']
thread-pool-size: 64
storages:
$(for i in default auth; do printf '  - !lru-storage &cas-%s\n    size: 128MB\n' "$i"; done)
caches:
$(for i in default auth; do printf '  - !lru-action-cache &ac-%s\n    storage: *cas-%s\n    max-cached-refs: 100000\n    allow-updates: true\n' "$i" "$i"; done)
instances:
$(for i in default auth; do
    name=$i; [ "$i" = default ] && name=''
    printf "  - name: '%s'\n    services:\n      - !action-cache\n        cache: *ac-%s\n      - !cas\n        storage: *cas-%s\n      - !bytestream\n        storage: *cas-%s\n" "$name" "$i" "$i" "$i"
done)
YAML
    else
        cat > "$dir/bgd.yml" <<YAML
server:
  - !channel
    address: "127.0.0.1:$port"
    insecure-mode: true
authorization:
  method: none
thread-pool-size: 64
storages:
  - $storage
caches:
  - !lru-action-cache &ac
    storage: *cas
    max-cached-refs: 1000000
    allow-updates: true
instances:
  - name: ''
    services:
      - !action-cache
        cache: *ac
      - !cas
        storage: *cas
      - !bytestream
        storage: *cas
YAML
    fi
    "$bgd" server start "$dir/bgd.yml" >"$dir/bgd.log" 2>&1 &
    echo $! > "$dir/bgd.pid"
    for _ in $(seq 1 300); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null \
            && { [ -z "${name_port:-}" ] || (exec 3<>"/dev/tcp/127.0.0.1/$name_port") 2>/dev/null; }; then
            exit 0
        fi
        kill -0 "$(cat "$dir/bgd.pid")" 2>/dev/null || break
        sleep 0.1
    done
    echo "buildgrid-cache.sh: bgd did not answer on 127.0.0.1:$port${name_port:+ and :$name_port}; its log:" >&2
    tail -20 "$dir/bgd.log" >&2
    exit 70
    ;;
stop)
    [ $# -eq 3 ] || usage
    pidfile="$3/bgd.pid"
    [ -f "$pidfile" ] || exit 0
    pid=$(cat "$pidfile")
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
        kill -0 "$pid" 2>/dev/null || { rm -f "$pidfile"; exit 0; }
        sleep 0.05
    done
    kill -KILL "$pid" 2>/dev/null || true
    rm -f "$pidfile"
    ;;
*) usage ;;
esac
