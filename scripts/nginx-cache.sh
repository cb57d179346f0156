#!/usr/bin/env bash
# A Bazel HTTP cache on loopback for tests and benchmarks: Debian's nginx with the WebDAV module.
#
#   scripts/nginx-cache.sh start PORT DIR   write DIR/nginx.conf, start nginx, wait until it answers
#   scripts/nginx-cache.sh stop PORT DIR    stop the nginx started for DIR (by its pid file)
#
# Locations under http://127.0.0.1:PORT/:
#   /cache/     read-write cache (GET, HEAD, PUT), files under DIR/root/cache
#   /readonly/  the same files, GET and HEAD only (what a fork's runner gets); PUT answers 403
#   /fail/      answers 500 to everything (a broken server)
set -euo pipefail

usage() { echo "usage: $0 start|stop PORT DIR" >&2; exit 64; }
[ $# -eq 3 ] || usage
cmd=$1 port=$2 dir=$3
case $port in ''|*[!0-9]*) usage ;; esac
nginx=$(command -v nginx || echo /usr/sbin/nginx)

case $cmd in
start)
    [ -x "$nginx" ] || { echo "nginx-cache.sh: nginx not found (Debian: apt-get install nginx)" >&2; exit 69; }
    mkdir -p "$dir/root/cache" "$dir/logs" "$dir/tmp"
    dir=$(cd "$dir" && pwd)
    # Workers may run as another user: let them into the folders.
    chmod 0755 "$dir" "$dir/root" "$dir/root/cache" "$dir/logs" "$dir/tmp" 2>/dev/null || true
    user_line=""
    [ "$(id -u)" -eq 0 ] && user_line="user root root;"
    cat > "$dir/nginx.conf" <<EOF
$user_line
worker_processes 2;
daemon on;
pid $dir/nginx.pid;
error_log $dir/logs/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $dir/tmp/body;
    proxy_temp_path $dir/tmp/proxy;
    fastcgi_temp_path $dir/tmp/fastcgi;
    uwsgi_temp_path $dir/tmp/uwsgi;
    scgi_temp_path $dir/tmp/scgi;
    keepalive_requests 100000;
    server {
        listen 127.0.0.1:$port;
        root $dir/root;
        location /cache/ {
            dav_methods PUT;
            create_full_put_path on;
            dav_access user:rw group:r all:r;
            client_max_body_size 1g;
            client_body_buffer_size 1m;
            log_not_found off;
        }
        location /readonly/ {
            alias $dir/root/cache/;
            limit_except GET { deny all; }
        }
        location /fail/ {
            return 500;
        }
    }
}
EOF
    if [ -f "$dir/nginx.pid" ] && kill -0 "$(cat "$dir/nginx.pid")" 2>/dev/null; then
        echo "nginx-cache.sh: already running for $dir (pid $(cat "$dir/nginx.pid"))" >&2
        exit 0
    fi
    "$nginx" -p "$dir" -c "$dir/nginx.conf" -e "$dir/logs/error.log" 2>"$dir/logs/start.log" || {
        cat "$dir/logs/start.log" >&2; exit 70; }
    for _ in $(seq 1 100); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then exit 0; fi
        sleep 0.05
    done
    echo "nginx-cache.sh: nginx did not answer on 127.0.0.1:$port; see $dir/logs/error.log" >&2
    exit 70
    ;;
stop)
    pidfile="$dir/nginx.pid"
    [ -f "$pidfile" ] || exit 0
    pid=$(cat "$pidfile")
    kill -QUIT "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
        kill -0 "$pid" 2>/dev/null || exit 0
        sleep 0.05
    done
    kill -TERM "$pid" 2>/dev/null || true
    ;;
*) usage ;;
esac
