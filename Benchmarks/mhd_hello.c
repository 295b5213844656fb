/* Baseline for `make bench-server`: the smallest libmicrohttpd server, internal polling thread,
   answering every request with a short text. Built and measured in the same run as the workbench. */
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *body = "hello, world\n";

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data; (void)upload_data_size; (void)con_cls;
    struct MHD_Response *response = MHD_create_response_from_buffer(strlen(body), (void *)body, MHD_RESPMEM_PERSISTENT);
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

int main(int argc, char **argv) {
    int port = argc > 1 ? atoi(argv[1]) : 8181;
    struct MHD_Daemon *daemon = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL, (uint16_t)port, NULL, NULL,
                                                 &answer, NULL, MHD_OPTION_END);
    if (!daemon) { fprintf(stderr, "cannot start on port %d\n", port); return 1; }
    printf("ready\n");
    fflush(stdout);
    pause();
    MHD_stop_daemon(daemon);
    return 0;
}
