#!/bin/sh
# ffmpeg that dies with the server that started it: on Linux, setpriv asks the kernel to SIGKILL it when its
# parent goes, even by kill -9. Where there is no setpriv (macOS), it is plain ffmpeg.
if command -v setpriv >/dev/null 2>&1; then
  exec setpriv --pdeathsig KILL -- ffmpeg "$@"
fi
exec ffmpeg "$@"
