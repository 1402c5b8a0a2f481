#!/bin/bash
# The image's entry point: network-wide listening without an auth file needs the explicit
# none-i-know mode (the server refuses otherwise); a given BASALT_AUTH or BASALT_AUTH_FILE wins.
if [[ -z "${BASALT_AUTH:-}" && -z "${BASALT_AUTH_FILE:-}" && "${BASALT_HOST:-}" != 127.* ]]; then
    export BASALT_AUTH=none-i-know
fi
exec /opt/basalt/bin/basalt "$@"
