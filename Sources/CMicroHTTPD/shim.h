#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <string.h>
#include <unistd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <microhttpd.h>

/* Keeps the URL and query arguments percent-encoded so that Swift decodes them once, itself,
   and can refuse encoded NUL bytes and slashes instead of seeing them already decoded. */
static size_t cmhd_keep_escaped(void *cls, struct MHD_Connection *connection, char *s) {
    (void)cls; (void)connection;
    return strlen(s);
}

/* Swift imports neither C variadic functions nor this macro, so both get a plain wrapper. */
static const uint64_t CMHD_SIZE_UNKNOWN = MHD_SIZE_UNKNOWN;

/* libmicrohttpd's closed enums import as Swift enums with shortened names; these keep the C names. */
static const enum MHD_Result CMHD_YES = MHD_YES;
static const enum MHD_Result CMHD_NO = MHD_NO;
static const enum MHD_ValueKind CMHD_HEADER_KIND = MHD_HEADER_KIND;
static const enum MHD_ValueKind CMHD_GET_ARGUMENT_KIND = MHD_GET_ARGUMENT_KIND;
static const enum MHD_ResponseMemoryMode CMHD_RESPMEM_MUST_COPY = MHD_RESPMEM_MUST_COPY;

/* libmicrohttpd's error log, at most 20 lines a second: under attack it would otherwise write a
   line per broken connection, and a stderr nobody reads would block the threads writing it. */
#include <stdarg.h>
#include <stdio.h>
#include <time.h>
static void cmhd_log(void *cls, const char *format, va_list arguments) {
    (void)cls;
    static volatile time_t second = 0;
    static volatile int lines = 0;
    time_t now = time(NULL);
    if (now != second) { second = now; lines = 0; }  /* a race here only lets a line more through */
    if (__sync_add_and_fetch(&lines, 1) > 20) return;
    char line[512];
    vsnprintf(line, sizeof line, format, arguments);
    (void)!write(2, line, strnlen(line, sizeof line));
}

/* Starts a daemon on an already bound, listening socket (the caller reports bind errors). */
static inline struct MHD_Daemon *cmhd_start(unsigned int flags,
                                            int listen_fd,
                                            MHD_AccessHandlerCallback handler,
                                            void *handler_cls,
                                            MHD_RequestCompletedCallback completed,
                                            MHD_NotifyConnectionCallback connection_events,
                                            void *completed_cls,
                                            unsigned int connection_timeout_seconds,
                                            unsigned int connection_limit) {
    /* The logger first: libmicrohttpd warns about options given before it. */
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_EXTERNAL_LOGGER, cmhd_log, NULL,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, connection_events, completed_cls,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_UNESCAPE_CALLBACK, cmhd_keep_escaped, NULL,
                            MHD_OPTION_END);
}

/* The connection's socket, or -1. */
static inline int cmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? (int)info->connect_fd : -1;
}

/* The peer's numeric address into `out` (empty when unknown). */
static inline void cmhd_client_address(struct MHD_Connection *connection, char *out, size_t size) {
    out[0] = 0;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr) return;
    socklen_t length = info->client_addr->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
    if (getnameinfo(info->client_addr, length, out, size, NULL, 0, NI_NUMERICHOST) != 0) out[0] = 0;
}

static const enum MHD_ConnectionNotificationCode CMHD_CONNECTION_STARTED = MHD_CONNECTION_NOTIFY_STARTED;

/* Asks the scheduler for short time slices on the calling thread (Linux 6.12 and later: a fair
   task's `sched_runtime`). A thread that answers a person as they act then runs as soon as it
   wakes, instead of after the slices of threads doing bulk work; its share of the processor is
   unchanged. Where the kernel does not know it, nothing changes. Returns 0 when it was taken. */
#include <sys/syscall.h>
static inline int cmhd_prefer_short_slices(uint64_t nanoseconds) {
#ifdef SYS_sched_setattr
    struct { uint32_t size, policy; uint64_t flags; int32_t nice; uint32_t priority; uint64_t runtime, deadline, period; } attributes;
    memset(&attributes, 0, sizeof attributes);
    /* The thread's own policy and nice value, so that only the slice changes. */
    if (syscall(SYS_sched_getattr, 0, &attributes, (unsigned int)sizeof attributes, 0) != 0) return -1;
    if (attributes.policy != 0) return -1;  /* only a normal (fair) thread has such a slice */
    attributes.size = sizeof attributes;
    attributes.runtime = nanoseconds;
    attributes.flags |= 0x01;  /* SCHED_FLAG_RESET_ON_FORK: threads it starts take the default */
    return (int)syscall(SYS_sched_setattr, 0, &attributes, 0);
#else
    (void)nanoseconds;
    return -1;
#endif
}

/* Hands an upgraded (WebSocket) connection back to libmicrohttpd to be closed. */
static inline enum MHD_Result cmhd_upgrade_close(struct MHD_UpgradeResponseHandle *urh) {
    return MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE);
}

#endif
