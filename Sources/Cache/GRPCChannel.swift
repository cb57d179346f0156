import CGRPC
import Foundation

/// One HTTP/2 connection to a gRPC server through the C core (`GRPCLibrary`): unary calls (many
/// in flight at once from one thread, on one completion queue), server-streaming reads and
/// client-streaming writes. Every call carries `metadata` and a deadline of `timeout` seconds;
/// every received message is capped by `maxReceiveBytes` (the core fails a longer one with
/// RESOURCE_EXHAUSTED before holding it). No proxy is used (`http_proxy` would send the calls to
/// another host), and the core does not retry. Thread-safe.
final class GRPCChannel: @unchecked Sendable {
    let library: GRPCLibrary
    private let channel: OpaquePointer
    private let metadata: [(key: String, value: String)]
    let timeout: Double

    /// What one call ended with.
    struct Reply {
        var status: GRPCStatus
        var details: String
        /// The response message (unary calls), nil when none came.
        var message: [UInt8]?
    }

    /// `target` is `host:port`; `tls` makes the channel TLS, trusting `rootCertificates` (PEM;
    /// nil: gRPC's default roots). `entryLimit` caps ActionCache answers (a service config's
    /// per-method limit), `maxReceiveBytes` every other message.
    init(library: GRPCLibrary, target: String, tls: Bool, rootCertificates: [UInt8]?, metadata: [(key: String, value: String)],
         timeout: Double, maxReceiveBytes: Int, entryLimit: UInt64) throws {
        self.library = library
        self.metadata = metadata.map { (key: $0.key.lowercased(), value: $0.value) }
        self.timeout = timeout
        let api = library.api.pointee
        let creds: OpaquePointer?
        if tls {
            let pem: [CChar]? = rootCertificates.map { $0.map { CChar(bitPattern: $0) } + [0] }
            creds = pem.map { p in p.withUnsafeBufferPointer { api.grpc_ssl_credentials_create($0.baseAddress, nil, nil, nil) } }
                ?? api.grpc_ssl_credentials_create(nil, nil, nil, nil)
        } else {
            creds = api.grpc_insecure_credentials_create()
        }
        guard let creds else { throw CacheError.remote(url: target, reason: "gRPC could not make channel credentials") }
        defer { api.grpc_channel_credentials_release(creds) }
        let ints: [(String, Int32)] = [
            ("grpc.max_receive_message_length", Int32(clamping: maxReceiveBytes)),
            ("grpc.max_send_message_length", -1),
            ("grpc.enable_http_proxy", 0),
            ("grpc.enable_retries", 0),
            ("grpc.service_config_disable_resolution", 1),
        ]
        let serviceConfig = """
            {"methodConfig":[{"name":[{"service":"build.bazel.remote.execution.v2.ActionCache"}],"maxResponseMessageBytes":\(entryLimit + 4096)},\
            {"name":[{"service":"build.bazel.remote.execution.v2.Capabilities"}],"maxResponseMessageBytes":1048576}]}
            """
        let strings: [(String, String)] = [("grpc.primary_user_agent", "orchestrate"), ("grpc.service_config", serviceConfig)]
        var keep: [UnsafeMutablePointer<CChar>] = []
        defer { keep.forEach { free($0) } }
        var args: [grpc_arg] = []
        for (k, v) in ints {
            let key = strdup(k)!
            keep.append(key)
            var a = grpc_arg()
            a.type = GRPC_ARG_INTEGER
            a.key = key
            a.value.integer = v
            args.append(a)
        }
        for (k, v) in strings {
            let key = strdup(k)!, value = strdup(v)!
            keep += [key, value]
            var a = grpc_arg()
            a.type = GRPC_ARG_STRING
            a.key = key
            a.value.string = value
            args.append(a)
        }
        let made: OpaquePointer? = args.withUnsafeMutableBufferPointer { buf in
            var channelArgs = grpc_channel_args(num_args: buf.count, args: buf.baseAddress)
            return api.grpc_channel_create(target, creds, &channelArgs)
        }
        guard let made else { throw CacheError.remote(url: target, reason: "gRPC could not create a channel") }
        channel = made
    }

    deinit { library.api.pointee.grpc_channel_destroy(channel) }

    /// Unary calls of `method` (`/package.Service/Method`), one per request, at most `window` in
    /// flight; replies in order. A server that is over its concurrency limit answers
    /// RESOURCE_EXHAUSTED without a message (BuildGrid: "Concurrent RPC limit exceeded!"): those
    /// calls are made again with half the window, after 20, 40, … ms, up to 5 times.
    func unary(_ method: String, _ requests: [[UInt8]], window: Int = 64) -> [Reply] {
        var replies = unaryOnce(method, requests, window: window)
        var w = window
        for attempt in 0..<5 {
            let again = replies.indices.filter { replies[$0].status == .resourceExhausted && replies[$0].message == nil }
            guard !again.isEmpty else { break }
            w = max(1, w / 2)
            usleep(useconds_t(20_000 << attempt))
            for (i, r) in zip(again, unaryOnce(method, again.map { requests[$0] }, window: w)) { replies[i] = r }
        }
        return replies
    }

    private func unaryOnce(_ method: String, _ requests: [[UInt8]], window: Int) -> [Reply] {
        guard !requests.isEmpty else { return [] }
        let api = library.api.pointee
        let cq = api.grpc_completion_queue_create_for_next(nil)!
        defer { drainAndDestroy(cq) }
        var replies = [Reply?](repeating: nil, count: requests.count)
        var calls: [Int: UnaryCall] = [:]
        var next = 0
        while next < requests.count || !calls.isEmpty {
            while next < requests.count, calls.count < max(1, window) {
                let call = UnaryCall(channel: self, cq: cq, method: method, request: requests[next], tag: next)
                if let failed = call.start() {
                    replies[next] = failed
                } else {
                    calls[next] = call
                }
                next += 1
            }
            guard !calls.isEmpty else { continue }
            let event = api.grpc_completion_queue_next(cq, GRPCLibrary.infinite, nil)
            guard event.type == GRPC_OP_COMPLETE else { continue }
            let tag = Int(bitPattern: event.tag)
            if let call = calls.removeValue(forKey: tag) { replies[tag] = call.finish() }
        }
        return replies.map { $0! }
    }

    /// A server-streaming call (ByteStream Read): `handle` gets each response message as it
    /// arrives and returns false to abandon the call (it is cancelled).
    func serverStream(_ method: String, _ request: [UInt8], _ handle: ([UInt8]) throws -> Bool) rethrows -> Reply {
        let call = StreamCall(channel: self, method: method)
        defer { call.close() }
        if let failed = call.begin(sendingClose: request) { return failed }
        while let message = call.receive() {
            guard try handle(message) else {
                call.cancel()
                break
            }
        }
        return call.status()
    }

    /// A client-streaming call (ByteStream Write): sends what `nextMessage` returns until it
    /// returns nil, then half-closes and waits for the one response.
    func clientStream(_ method: String, _ nextMessage: () throws -> [UInt8]?) throws -> Reply {
        let call = StreamCall(channel: self, method: method)
        defer { call.close() }
        if let failed = call.begin(sendingClose: nil) { return failed }
        while let m = try nextMessage() {
            guard call.send(m) else { break }
        }
        return call.finishClientStream()
    }

    // MARK: Internals

    fileprivate func createCall(_ cq: OpaquePointer, _ method: String) -> OpaquePointer? {
        let api = library.api.pointee
        let m = library.slice(method)
        defer { api.grpc_slice_unref(m) }
        return api.grpc_channel_create_call(channel, nil, 0xFFFF, cq, m, nil, library.deadline(after: timeout), nil)
    }

    /// The request metadata as C structs; `release` frees the slices.
    fileprivate func sendMetadata() -> (UnsafeMutablePointer<grpc_metadata>, Int) {
        let md = UnsafeMutablePointer<grpc_metadata>.allocate(capacity: max(1, metadata.count))
        for (i, m) in metadata.enumerated() {
            md[i] = grpc_metadata()
            md[i].key = library.slice(m.key)
            md[i].value = library.slice(m.value)
        }
        return (md, metadata.count)
    }

    fileprivate func release(_ md: UnsafeMutablePointer<grpc_metadata>, _ count: Int) {
        for i in 0..<count {
            library.api.pointee.grpc_slice_unref(md[i].key)
            library.api.pointee.grpc_slice_unref(md[i].value)
        }
        md.deallocate()
    }

    fileprivate func drainAndDestroy(_ cq: OpaquePointer) {
        let api = library.api.pointee
        api.grpc_completion_queue_shutdown(cq)
        while api.grpc_completion_queue_next(cq, GRPCLibrary.infinite, nil).type != GRPC_QUEUE_SHUTDOWN {}
        api.grpc_completion_queue_destroy(cq)
    }
}

/// The receiving half every call ends with (status, details, trailing metadata), in memory of
/// its own: the core writes there after `grpc_call_start_batch` returns.
private final class CallStatus {
    let status = UnsafeMutablePointer<grpc_status_code>.allocate(capacity: 1)
    let details = UnsafeMutablePointer<grpc_slice>.allocate(capacity: 1)
    let trailing = UnsafeMutablePointer<grpc_metadata_array>.allocate(capacity: 1)
    let errorString = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: 1)
    let initial = UnsafeMutablePointer<grpc_metadata_array>.allocate(capacity: 1)
    let received = UnsafeMutablePointer<OpaquePointer?>.allocate(capacity: 1)
    private let library: GRPCLibrary

    init(_ library: GRPCLibrary) {
        self.library = library
        status.initialize(to: 2)
        details.initialize(to: grpc_slice())
        trailing.initialize(to: grpc_metadata_array())
        errorString.initialize(to: nil)
        initial.initialize(to: grpc_metadata_array())
        received.initialize(to: nil)
        library.api.pointee.grpc_metadata_array_init(trailing)
        library.api.pointee.grpc_metadata_array_init(initial)
    }

    /// The op that asks for the status.
    var statusOp: grpc_op {
        var op = grpc_op()
        op.op = GRPC_OP_RECV_STATUS_ON_CLIENT
        op.data.recv_status_on_client.trailing_metadata = trailing
        op.data.recv_status_on_client.status = status
        op.data.recv_status_on_client.status_details = details
        op.data.recv_status_on_client.error_string = errorString
        return op
    }

    var initialOp: grpc_op {
        var op = grpc_op()
        op.op = GRPC_OP_RECV_INITIAL_METADATA
        op.data.recv_initial_metadata.recv_initial_metadata = initial
        return op
    }

    var messageOp: grpc_op {
        var op = grpc_op()
        op.op = GRPC_OP_RECV_MESSAGE
        op.data.recv_message.recv_message = received
        return op
    }

    /// The message received by `messageOp`, nil when none came (the stream ended).
    func takeMessage() -> [UInt8]? {
        guard let buffer = received.pointee else { return nil }
        received.pointee = nil
        var bytes: [UInt8] = []
        library.consume(buffer) { bytes.append(contentsOf: $0) }
        return bytes
    }

    func reply(message: [UInt8]?) -> GRPCChannel.Reply {
        var text = String(decoding: library.bytes(of: details.pointee), as: UTF8.self)
        if text.isEmpty, let extra = errorString.pointee { text = String(cString: extra) }
        return GRPCChannel.Reply(status: GRPCStatus(Int(status.pointee)), details: text, message: message)
    }

    deinit {
        let api = library.api.pointee
        if let b = received.pointee { api.grpc_byte_buffer_destroy(b) }
        api.grpc_slice_unref(details.pointee)
        api.grpc_metadata_array_destroy(trailing)
        api.grpc_metadata_array_destroy(initial)
        if let e = errorString.pointee { api.gpr_free(UnsafeMutableRawPointer(mutating: e)) }
        status.deallocate(); details.deallocate(); trailing.deallocate(); errorString.deallocate()
        initial.deallocate(); received.deallocate()
    }
}

/// One unary call on a shared completion queue: every op in one batch.
private final class UnaryCall {
    let channel: GRPCChannel
    let library: GRPCLibrary
    let call: OpaquePointer?
    let tag: Int
    let request: [UInt8]
    let slots: CallStatus
    var md: (UnsafeMutablePointer<grpc_metadata>, Int)?
    var sendBuffer: OpaquePointer?

    init(channel: GRPCChannel, cq: OpaquePointer, method: String, request: [UInt8], tag: Int) {
        self.channel = channel
        library = channel.library
        self.tag = tag
        self.request = request
        slots = CallStatus(channel.library)
        call = channel.createCall(cq, method)
    }

    /// Starts the call; a reply when it could not start.
    func start() -> GRPCChannel.Reply? {
        guard let call else { return fail("the call could not be created") }
        let m = channel.sendMetadata()
        md = m
        let buffer = library.byteBuffer(request)
        sendBuffer = buffer
        var ops = [grpc_op](repeating: grpc_op(), count: 3)
        ops[0].op = GRPC_OP_SEND_INITIAL_METADATA
        ops[0].data.send_initial_metadata.count = m.1
        ops[0].data.send_initial_metadata.metadata = m.0
        ops[1].op = GRPC_OP_SEND_MESSAGE
        ops[1].data.send_message.send_message = buffer
        ops[2].op = GRPC_OP_SEND_CLOSE_FROM_CLIENT
        ops += [slots.initialOp, slots.messageOp, slots.statusOp]
        let rc = library.api.pointee.grpc_call_start_batch(call, ops, ops.count, UnsafeMutableRawPointer(bitPattern: tag), nil)
        guard rc == 0 else { return fail("grpc_call_start_batch returned \(rc)") }
        return nil
    }

    /// After the batch completed: the reply, and everything freed.
    func finish() -> GRPCChannel.Reply {
        let reply = slots.reply(message: slots.takeMessage())
        cleanup()
        return reply
    }

    private func fail(_ why: String) -> GRPCChannel.Reply {
        cleanup()
        return GRPCChannel.Reply(status: GRPCStatus(2), details: why, message: nil)
    }

    private func cleanup() {
        let api = library.api.pointee
        if let m = md { channel.release(m.0, m.1); md = nil }
        if let b = sendBuffer { api.grpc_byte_buffer_destroy(b); sendBuffer = nil }
        if let call { api.grpc_call_unref(call) }
    }
}

/// A streaming call on its own completion queue, one batch at a time (each waited for); the
/// status is asked for at the start and collected at the end.
private final class StreamCall {
    let channel: GRPCChannel
    let library: GRPCLibrary
    let cq: OpaquePointer
    let call: OpaquePointer?
    var md: (UnsafeMutablePointer<grpc_metadata>, Int)?
    let slots: CallStatus
    private var statusStarted = false
    private var statusDone = false
    private var closed = false
    private static let statusTag = 1
    private static let batchTag = 2

    init(channel: GRPCChannel, method: String) {
        self.channel = channel
        library = channel.library
        cq = library.api.pointee.grpc_completion_queue_create_for_next(nil)!
        call = channel.createCall(cq, method)
        slots = CallStatus(channel.library)
    }

    /// Sends the initial metadata (and, for a server stream, the one request and the half-close)
    /// and asks for the status. A reply when the call failed at once.
    func begin(sendingClose request: [UInt8]?) -> GRPCChannel.Reply? {
        guard let call else { return GRPCChannel.Reply(status: GRPCStatus(2), details: "the call could not be created", message: nil) }
        let api = library.api.pointee
        var statusOp = [slots.statusOp]
        statusStarted = api.grpc_call_start_batch(call, &statusOp, 1, UnsafeMutableRawPointer(bitPattern: Self.statusTag), nil) == 0
        let m = channel.sendMetadata()
        md = m
        var first = grpc_op()
        first.op = GRPC_OP_SEND_INITIAL_METADATA
        first.data.send_initial_metadata.count = m.1
        first.data.send_initial_metadata.metadata = m.0
        var ops = [first]
        var buffer: OpaquePointer?
        if let request {
            buffer = library.byteBuffer(request)
            var send = grpc_op()
            send.op = GRPC_OP_SEND_MESSAGE
            send.data.send_message.send_message = buffer
            var close = grpc_op()
            close.op = GRPC_OP_SEND_CLOSE_FROM_CLIENT
            ops += [send, close, slots.initialOp]
        }
        let ok = run(ops)
        if let buffer { api.grpc_byte_buffer_destroy(buffer) }
        return ok ? nil : status()
    }

    /// The next message, nil at the end of the stream (or when the call failed).
    func receive() -> [UInt8]? {
        guard run([slots.messageOp]) else { return nil }
        return slots.takeMessage()
    }

    /// Sends one message; false when the call is over (the status says why).
    func send(_ message: [UInt8]) -> Bool {
        let buffer = library.byteBuffer(message)
        defer { library.api.pointee.grpc_byte_buffer_destroy(buffer) }
        var op = grpc_op()
        op.op = GRPC_OP_SEND_MESSAGE
        op.data.send_message.send_message = buffer
        return run([op])
    }

    /// Half-closes, receives the one response, and returns it with the status.
    func finishClientStream() -> GRPCChannel.Reply {
        var close = grpc_op()
        close.op = GRPC_OP_SEND_CLOSE_FROM_CLIENT
        _ = run([close, slots.initialOp])
        let message = receive()
        var r = status()
        r.message = message
        return r
    }

    func cancel() { if let call { _ = library.api.pointee.grpc_call_cancel(call, nil) } }

    /// Waits for the status asked for in `begin`.
    func status() -> GRPCChannel.Reply {
        guard statusStarted else { return GRPCChannel.Reply(status: GRPCStatus(2), details: "no status", message: nil) }
        let api = library.api.pointee
        while !statusDone {
            let e = api.grpc_completion_queue_next(cq, GRPCLibrary.infinite, nil)
            guard e.type == GRPC_OP_COMPLETE else { break }
            if Int(bitPattern: e.tag) == Self.statusTag { statusDone = true }
        }
        return slots.reply(message: nil)
    }

    func close() {
        guard !closed else { return }
        closed = true
        let api = library.api.pointee
        if statusStarted, !statusDone {
            cancel()
            _ = status()
        }
        if let m = md { channel.release(m.0, m.1); md = nil }
        if let call { api.grpc_call_unref(call) }
        channel.drainAndDestroy(cq)
    }

    /// Starts a batch and waits for it (a status completion that arrives meanwhile is noted).
    private func run(_ ops: [grpc_op]) -> Bool {
        guard let call else { return false }
        let api = library.api.pointee
        guard api.grpc_call_start_batch(call, ops, ops.count, UnsafeMutableRawPointer(bitPattern: Self.batchTag), nil) == 0 else { return false }
        while true {
            let e = api.grpc_completion_queue_next(cq, GRPCLibrary.infinite, nil)
            guard e.type == GRPC_OP_COMPLETE else { return false }
            if Int(bitPattern: e.tag) == Self.batchTag { return e.success != 0 }
            if Int(bitPattern: e.tag) == Self.statusTag { statusDone = true }
        }
    }
}
