/*
 * The part of gRPC's C core (grpc/grpc.h, Debian's libgrpc29 / libgrpc-dev, gRPC 1.51) that the
 * remote cache uses, declared here instead of included, and loaded at run time with dlopen: the
 * orchestrate binary has no link-time dependency on libgrpc, so every command but a grpc://
 * remote runs on a machine without it.
 *
 * The struct layouts below are the C core's public ABI (grpc/impl/codegen/slice.h, grpc_types.h,
 * gpr_types.h, byte_buffer_reader.h), which has not changed since gRPC 1.x stabilised it;
 * scripts/check-grpc-shim.sh compares them with the installed headers.
 */
#ifndef ORCHESTRATE_CGRPC_SHIM_H
#define ORCHESTRATE_CGRPC_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Swift imports a _Nonnull function pointer as non-optional; other compilers ignore it. */
#ifndef __clang__
#define _Nonnull
#endif

typedef struct grpc_channel grpc_channel;
typedef struct grpc_call grpc_call;
typedef struct grpc_completion_queue grpc_completion_queue;
typedef struct grpc_channel_credentials grpc_channel_credentials;
typedef struct grpc_byte_buffer grpc_byte_buffer;
struct grpc_slice_refcount;

typedef enum { GPR_CLOCK_MONOTONIC = 0, GPR_CLOCK_REALTIME, GPR_CLOCK_PRECISE, GPR_TIMESPAN } gpr_clock_type;

typedef struct gpr_timespec {
    int64_t tv_sec;
    int32_t tv_nsec;
    gpr_clock_type clock_type;
} gpr_timespec;

#define ORCHESTRATE_GRPC_SLICE_INLINED_SIZE (sizeof(size_t) + sizeof(uint8_t *) - 1 + sizeof(void *))

typedef struct grpc_slice {
    struct grpc_slice_refcount *refcount;
    union {
        struct { size_t length; uint8_t *bytes; } refcounted;
        struct { uint8_t length; uint8_t bytes[ORCHESTRATE_GRPC_SLICE_INLINED_SIZE]; } inlined;
    } data;
} grpc_slice;

typedef struct grpc_metadata {
    grpc_slice key;
    grpc_slice value;
    struct { void *obfuscated[4]; } internal_data;
} grpc_metadata;

typedef struct {
    size_t count;
    size_t capacity;
    grpc_metadata *metadata;
} grpc_metadata_array;

typedef enum { GRPC_QUEUE_SHUTDOWN, GRPC_QUEUE_TIMEOUT, GRPC_OP_COMPLETE } grpc_completion_type;

typedef struct grpc_event {
    grpc_completion_type type;
    int success;
    void *tag;
} grpc_event;

typedef enum {
    GRPC_OP_SEND_INITIAL_METADATA = 0,
    GRPC_OP_SEND_MESSAGE,
    GRPC_OP_SEND_CLOSE_FROM_CLIENT,
    GRPC_OP_SEND_STATUS_FROM_SERVER,
    GRPC_OP_RECV_INITIAL_METADATA,
    GRPC_OP_RECV_MESSAGE,
    GRPC_OP_RECV_STATUS_ON_CLIENT,
    GRPC_OP_RECV_CLOSE_ON_SERVER
} grpc_op_type;

/* grpc_status_code and grpc_compression_level are C enums: int-sized. */
typedef int grpc_status_code;
typedef int grpc_call_error;

typedef struct grpc_op {
    grpc_op_type op;
    uint32_t flags;
    void *reserved;
    union {
        struct { void *reserved[8]; } reserved;
        struct {
            size_t count;
            grpc_metadata *metadata;
            struct { uint8_t is_set; int level; } maybe_compression_level;
        } send_initial_metadata;
        struct { grpc_byte_buffer *send_message; } send_message;
        struct { grpc_metadata_array *recv_initial_metadata; } recv_initial_metadata;
        struct { grpc_byte_buffer **recv_message; } recv_message;
        struct {
            grpc_metadata_array *trailing_metadata;
            grpc_status_code *status;
            grpc_slice *status_details;
            const char **error_string;
        } recv_status_on_client;
    } data;
} grpc_op;

typedef enum { GRPC_ARG_STRING, GRPC_ARG_INTEGER, GRPC_ARG_POINTER } grpc_arg_type;

typedef struct {
    grpc_arg_type type;
    char *key;
    union {
        char *string;
        int integer;
        struct { void *p; const void *vtable; } pointer;
    } value;
} grpc_arg;

typedef struct {
    size_t num_args;
    grpc_arg *args;
} grpc_channel_args;

typedef struct grpc_byte_buffer_reader {
    grpc_byte_buffer *buffer_in;
    grpc_byte_buffer *buffer_out;
    union { unsigned index; } current;
} grpc_byte_buffer_reader;

/* Every function the cache calls, looked up by name in the loaded library. */
typedef struct orchestrate_grpc_api {
    void (* _Nonnull grpc_init)(void);
    const char *(* _Nonnull grpc_version_string)(void);
    grpc_channel_credentials *(* _Nonnull grpc_insecure_credentials_create)(void);
    grpc_channel_credentials *(* _Nonnull grpc_ssl_credentials_create)(const char *pem_root_certs, void *key_cert_pair,
                                                             const void *verify_options, void *reserved);
    void (* _Nonnull grpc_channel_credentials_release)(grpc_channel_credentials *creds);
    grpc_channel *(* _Nonnull grpc_channel_create)(const char *target, grpc_channel_credentials *creds, const grpc_channel_args *args);
    void (* _Nonnull grpc_channel_destroy)(grpc_channel *channel);
    grpc_completion_queue *(* _Nonnull grpc_completion_queue_create_for_next)(void *reserved);
    grpc_event (* _Nonnull grpc_completion_queue_next)(grpc_completion_queue *cq, gpr_timespec deadline, void *reserved);
    void (* _Nonnull grpc_completion_queue_shutdown)(grpc_completion_queue *cq);
    void (* _Nonnull grpc_completion_queue_destroy)(grpc_completion_queue *cq);
    grpc_call *(* _Nonnull grpc_channel_create_call)(grpc_channel *channel, grpc_call *parent_call, uint32_t propagation_mask,
                                           grpc_completion_queue *cq, grpc_slice method, const grpc_slice *host,
                                           gpr_timespec deadline, void *reserved);
    grpc_call_error (* _Nonnull grpc_call_start_batch)(grpc_call *call, const grpc_op *ops, size_t nops, void *tag, void *reserved);
    grpc_call_error (* _Nonnull grpc_call_cancel)(grpc_call *call, void *reserved);
    void (* _Nonnull grpc_call_unref)(grpc_call *call);
    grpc_slice (* _Nonnull grpc_slice_from_copied_buffer)(const char *source, size_t length);
    void (* _Nonnull grpc_slice_unref)(grpc_slice s);
    grpc_byte_buffer *(* _Nonnull grpc_raw_byte_buffer_create)(grpc_slice *slices, size_t nslices);
    size_t (* _Nonnull grpc_byte_buffer_length)(grpc_byte_buffer *bb);
    void (* _Nonnull grpc_byte_buffer_destroy)(grpc_byte_buffer *bb);
    int (* _Nonnull grpc_byte_buffer_reader_init)(grpc_byte_buffer_reader *reader, grpc_byte_buffer *buffer);
    int (* _Nonnull grpc_byte_buffer_reader_next)(grpc_byte_buffer_reader *reader, grpc_slice *slice);
    void (* _Nonnull grpc_byte_buffer_reader_destroy)(grpc_byte_buffer_reader *reader);
    void (* _Nonnull grpc_metadata_array_init)(grpc_metadata_array *array);
    void (* _Nonnull grpc_metadata_array_destroy)(grpc_metadata_array *array);
    gpr_timespec (* _Nonnull gpr_now)(gpr_clock_type clock);
    gpr_timespec (* _Nonnull gpr_time_add)(gpr_timespec a, gpr_timespec b);
    gpr_timespec (* _Nonnull gpr_time_from_millis)(int64_t ms, gpr_clock_type clock);
    void (* _Nonnull gpr_free)(void *p);
    /* gpr_log_func takes a gpr_log_func_args *, which we never read. */
    void (* _Nonnull gpr_set_log_function)(void (*func)(void *args));
} orchestrate_grpc_api;

/*
 * dlopen(name) and dlsym every function of the api. Returns 0 on success; otherwise 1 when the
 * library could not be loaded, 2 when a function is missing, with *detail naming what (dlerror's
 * text or the function's name; valid until the next dl* call).
 */
static inline int orchestrate_grpc_load(const char *name, orchestrate_grpc_api *api, const char **detail) {
    void *h = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!h) { *detail = dlerror(); return 1; }
#define ORCHESTRATE_GRPC_SYM(f) \
    do { *(void **)(&api->f) = dlsym(h, #f); if (!api->f) { *detail = #f; dlclose(h); return 2; } } while (0)
    ORCHESTRATE_GRPC_SYM(grpc_init);
    ORCHESTRATE_GRPC_SYM(grpc_version_string);
    ORCHESTRATE_GRPC_SYM(grpc_insecure_credentials_create);
    ORCHESTRATE_GRPC_SYM(grpc_ssl_credentials_create);
    ORCHESTRATE_GRPC_SYM(grpc_channel_credentials_release);
    ORCHESTRATE_GRPC_SYM(grpc_channel_create);
    ORCHESTRATE_GRPC_SYM(grpc_channel_destroy);
    ORCHESTRATE_GRPC_SYM(grpc_completion_queue_create_for_next);
    ORCHESTRATE_GRPC_SYM(grpc_completion_queue_next);
    ORCHESTRATE_GRPC_SYM(grpc_completion_queue_shutdown);
    ORCHESTRATE_GRPC_SYM(grpc_completion_queue_destroy);
    ORCHESTRATE_GRPC_SYM(grpc_channel_create_call);
    ORCHESTRATE_GRPC_SYM(grpc_call_start_batch);
    ORCHESTRATE_GRPC_SYM(grpc_call_cancel);
    ORCHESTRATE_GRPC_SYM(grpc_call_unref);
    ORCHESTRATE_GRPC_SYM(grpc_slice_from_copied_buffer);
    ORCHESTRATE_GRPC_SYM(grpc_slice_unref);
    ORCHESTRATE_GRPC_SYM(grpc_raw_byte_buffer_create);
    ORCHESTRATE_GRPC_SYM(grpc_byte_buffer_length);
    ORCHESTRATE_GRPC_SYM(grpc_byte_buffer_destroy);
    ORCHESTRATE_GRPC_SYM(grpc_byte_buffer_reader_init);
    ORCHESTRATE_GRPC_SYM(grpc_byte_buffer_reader_next);
    ORCHESTRATE_GRPC_SYM(grpc_byte_buffer_reader_destroy);
    ORCHESTRATE_GRPC_SYM(grpc_metadata_array_init);
    ORCHESTRATE_GRPC_SYM(grpc_metadata_array_destroy);
    ORCHESTRATE_GRPC_SYM(gpr_now);
    ORCHESTRATE_GRPC_SYM(gpr_time_add);
    ORCHESTRATE_GRPC_SYM(gpr_time_from_millis);
    ORCHESTRATE_GRPC_SYM(gpr_free);
    ORCHESTRATE_GRPC_SYM(gpr_set_log_function);
#undef ORCHESTRATE_GRPC_SYM
    return 0;
}

/* GRPC_SLICE_START_PTR / GRPC_SLICE_LENGTH, as functions. */
static inline const uint8_t *orchestrate_grpc_slice_bytes(const grpc_slice *s) {
    return s->refcount ? s->data.refcounted.bytes : s->data.inlined.bytes;
}
static inline size_t orchestrate_grpc_slice_length(const grpc_slice *s) {
    return s->refcount ? s->data.refcounted.length : s->data.inlined.length;
}

/* The layouts this header assumes, for scripts/check-grpc-shim.sh. */
static inline size_t orchestrate_grpc_layout(int which) {
    switch (which) {
    case 0: return sizeof(grpc_slice);
    case 1: return sizeof(grpc_metadata);
    case 2: return sizeof(grpc_op);
    case 3: return sizeof(grpc_event);
    case 4: return sizeof(gpr_timespec);
    case 5: return sizeof(grpc_byte_buffer_reader);
    case 6: return sizeof(grpc_arg);
    case 7: return offsetof(grpc_op, data);
    default: return 0;
    }
}

#endif
