#!/usr/bin/env python3
"""A Bazel HTTP cache that misbehaves on purpose, for tests and measurements.

usage: hostile-remote.py [--log FILE] [--tls CERT KEY] MODE [ARG]

Prints its loopback port on the first line of stdout, then serves until killed. Every answer
closes the connection. With --log, one JSON line per request: method, path, the request headers,
the status sent, and how many body bytes the client took before it hung up ("sent"). With --tls,
it speaks HTTPS with that certificate and key (PEM files).

modes:
  cache               a working in-memory cache (GET/HEAD/PUT), for a second, honest server
  redirect BASE       answers everything with 302 to BASE + the same path (BASE: http://host:port)
  redirect-endless BASE
                      the same 302, with a chunked body that never ends
  big-object SIZE [DECLARED]
                      /ac/<any key> is an entry naming one object of DECLARED bytes (default 27);
                      /cas/ answers with a body of SIZE bytes (Content-Length SIZE)
  endless-object [DECLARED]
                      the same entry; /cas/ answers with a chunked body that never ends
  endless-entry       /ac/ answers with a chunked body that never ends
In every hostile mode HEAD answers 404 and PUT is accepted (201) and thrown away.
"""
import hashlib, json, socket, socketserver, ssl, sys, threading

args = sys.argv[1:]
log_path, tls = None, None
while args[:1] in (["--log"], ["--tls"]):
    if args[0] == "--log":
        log_path, args = args[1], args[2:]
    else:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(args[1], args[2])
        args = args[3:]
mode, rest = args[0], args[1:]
store, lock = {}, threading.Lock()
CHUNK = b"a" * 65536
OBJECT = b"bytes the entry points at\n"   # 26 bytes; the entry may declare any size


def varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def field(number, payload):
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def entry(declared):
    """An REAPI ActionResult with one output file (no orchestrate metadata, no signature)."""
    digest = field(1, hashlib.sha256(OBJECT).hexdigest().encode()) + varint(2 << 3) + varint(declared)
    return field(2, field(1, b"hostile.txt") + field(2, digest))


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        self.sent, self.status = 0, 0
        f = self.request.makefile("rb")
        line = f.readline().decode("latin-1").strip()
        if not line:
            return
        method, path = line.split(" ")[:2]
        headers = {}
        while True:
            h = f.readline().decode("latin-1")
            if h in ("\r\n", "\n", ""):
                break
            name, _, value = h.partition(":")
            headers[name.strip().lower()] = value.strip()
        body = b""
        if headers.get("expect", "").lower() == "100-continue":
            self.request.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
        if "content-length" in headers:
            body = f.read(int(headers["content-length"]))
        try:
            self.answer(method, path, body)
        except OSError:
            pass
        finally:
            if log_path:
                record = {"method": method, "path": path, "headers": headers, "status": self.status, "sent": self.sent}
                with lock, open(log_path, "a") as out:
                    out.write(json.dumps(record) + "\n")

    def send(self, data):
        view = memoryview(data)
        while view:
            n = self.request.send(view)
            self.sent += n
            view = view[n:]

    def head(self, status, fields):
        self.status = status
        text = "HTTP/1.1 %d X\r\n" % status + "".join("%s: %s\r\n" % kv for kv in fields) + "Connection: close\r\n\r\n"
        self.request.sendall(text.encode())

    def reply(self, status, body=b"", method="GET", extra=()):
        self.head(status, [("Content-Length", str(len(body)))] + list(extra))
        if method != "HEAD":
            self.send(body)

    def endless(self, status, extra=()):
        self.head(status, [("Transfer-Encoding", "chunked")] + list(extra))
        chunk = b"%x\r\n" % len(CHUNK) + CHUNK + b"\r\n"
        while True:
            self.send(chunk)

    def answer(self, method, path, body):
        kind = "ac" if "/ac/" in path else "cas"
        if mode == "cache":
            if method == "PUT":
                with lock:
                    store[path] = body
                return self.reply(201)
            with lock:
                found = store.get(path)
            return self.reply(404, method=method) if found is None else self.reply(200, found, method)
        if mode in ("redirect", "redirect-endless"):
            location = [("Location", rest[0] + path)]
            return self.endless(302, location) if mode == "redirect-endless" else self.reply(302, b"moved\n", method, location)
        if method == "PUT":
            return self.reply(201)
        if method == "HEAD":
            return self.reply(404, method=method)
        if mode == "endless-entry" and kind == "ac":
            return self.endless(200)
        if mode in ("big-object", "endless-object") and kind == "ac":
            declared = int(rest[1]) if mode == "big-object" and len(rest) > 1 else int(rest[0]) if mode == "endless-object" and rest else 27
            return self.reply(200, entry(declared))
        if mode == "big-object" and kind == "cas":
            size = int(rest[0])
            self.head(200, [("Content-Length", str(size))])
            while size > 0:
                piece = CHUNK if size >= len(CHUNK) else CHUNK[:size]
                self.send(piece)
                size -= len(piece)
            return
        if mode == "endless-object" and kind == "cas":
            return self.endless(200)
        return self.reply(404, method=method)


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def finish_request(self, request, client_address):
        if tls:
            try:
                request = tls.wrap_socket(request, server_side=True)
            except (ssl.SSLError, OSError):
                return
        super().finish_request(request, client_address)


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
