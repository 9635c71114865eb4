#!/usr/bin/env python3
"""Start to first prompt of two calorina binaries on a pseudo-terminal, interleaved, on an empty folder
(issue 11: no slower than before). Usage: python3 Benchmarks/tools/compare-prompt.py OLD NEW"""
import os, pty, time, statistics, sys, tempfile, select, signal
def once(binary, home):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ['CALORINA_HOME'] = home; os.environ['TERM'] = 'xterm-256color'
        os.execv(binary, [binary])
    t0 = time.perf_counter(); buf = b''
    while b' left \xe2\x80\xba ' not in buf and b' over \xe2\x80\xba ' not in buf:
        r,_,_ = select.select([fd],[],[],5)
        if not r: break
        try: buf += os.read(fd, 4096)
        except OSError: break
    t = time.perf_counter() - t0
    os.kill(pid, signal.SIGKILL); os.waitpid(pid, 0); os.close(fd)
    return t*1000
old, new = sys.argv[1], sys.argv[2]
home = tempfile.mkdtemp()
a=[];b=[]
for i in range(int(sys.argv[3]) if len(sys.argv) > 3 else 25):
    a.append(once(old, home)); b.append(once(new, home))
print("start to prompt  old %.2f ms  new %.2f ms  new/old %.2f" % (statistics.median(a), statistics.median(b), statistics.median(b)/statistics.median(a)))
