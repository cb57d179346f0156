#!/usr/bin/env bash
# Checks that the struct layouts Sources/CGRPC/shim.h declares (it does not include gRPC's
# headers: the binary loads libgrpc with dlopen) match the installed gRPC C core's, and that every
# function the shim names resolves in the library. Needs libgrpc-dev and a C compiler.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d "${TMPDIR:-/tmp}/orchestrate-grpc-shim.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/real.c" <<'C'
#include <grpc/grpc.h>
#include <grpc/byte_buffer_reader.h>
#include <stdio.h>
#include <stddef.h>
int main(void) {
    printf("%zu %zu %zu %zu %zu %zu %zu %zu\n", sizeof(grpc_slice), sizeof(grpc_metadata), sizeof(grpc_op), sizeof(grpc_event),
           sizeof(gpr_timespec), sizeof(grpc_byte_buffer_reader), sizeof(grpc_arg), offsetof(grpc_op, data));
    return 0;
}
C
cat > "$tmp/shim.c" <<'C'
#include "shim.h"
#include <stdio.h>
int main(int argc, char **argv) {
    for (int i = 0; i < 8; i++) printf(i ? " %zu" : "%zu", orchestrate_grpc_layout(i));
    printf("\n");
    orchestrate_grpc_api api;
    const char *detail = 0;
    int rc = orchestrate_grpc_load(argc > 1 ? argv[1] : "libgrpc.so.29", &api, &detail);
    if (rc) { fprintf(stderr, "load: %s\n", detail); return 1; }
    return 0;
}
C
cc -o "$tmp/real" "$tmp/real.c"
cc -I Sources/CGRPC -o "$tmp/shim" "$tmp/shim.c" -ldl
real=$("$tmp/real")
shim=$("$tmp/shim")
if [ "$real" != "$shim" ]; then
    echo "check-grpc-shim.sh: layouts differ: gRPC's headers say $real, shim.h says $shim" >&2
    exit 1
fi
echo "check-grpc-shim.sh: layouts match ($real) and every function resolves"
