#!/usr/bin/env python3
"""A TLS listener that records what a client sends it, and answers nothing, for tests.

usage: tls-recorder.py CERT KEY LOG

Prints its loopback port on the first line of stdout, then serves until killed. It offers ALPN
"h2" (a gRPC client insists on it) and sends an empty HTTP/2 SETTINGS frame after the handshake,
then reads whatever the client sends until it hangs up. One JSON line per connection in LOG:
{"handshake": "ok"} or {"handshake": "<the error>"}, and "received": the application bytes
(latin-1, so any byte survives). A client that refused the certificate has sent none.
"""
import json, socket, ssl, sys, threading

cert, key, log_path = sys.argv[1:4]
tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
tls.load_cert_chain(cert, key)
tls.set_alpn_protocols(["h2"])
lock = threading.Lock()


def record(entry):
    with lock, open(log_path, "a") as out:
        out.write(json.dumps(entry) + "\n")


def serve(raw):
    received = b""
    try:
        raw.settimeout(10)
        try:
            conn = tls.wrap_socket(raw, server_side=True)
        except (ssl.SSLError, OSError) as e:
            record({"handshake": str(e), "received": ""})
            return
        try:
            conn.sendall(b"\x00\x00\x00\x04\x00\x00\x00\x00\x00")  # SETTINGS, no parameters
            while True:
                chunk = conn.recv(65536)
                if not chunk:
                    break
                received += chunk
        except (ssl.SSLError, OSError):
            pass
        record({"handshake": "ok", "received": received.decode("latin-1")})
    finally:
        raw.close()


listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print(listener.getsockname()[1], flush=True)
while True:
    raw, _ = listener.accept()
    threading.Thread(target=serve, args=(raw,), daemon=True).start()
