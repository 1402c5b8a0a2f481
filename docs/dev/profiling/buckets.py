import sys, collections
def bucket(fr):
    s=';'.join(fr)
    if 'org/rocksdb/RocksDB.get' in s or 'keyMayExist' in s or 'RocksIterator' in s or 'RocksCursor' in s: return 'RocksDB reads (memtable, block cache, pread)'
    if 'org/rocksdb/RocksDB.write' in s: return 'RocksDB commit (WAL write + fdatasync, memtable insert, write-group waits)'
    if 'rocksdb::' in s and ('BGThread' in s or 'Compaction' in s or 'Flush' in s): return 'RocksDB background (flush, compaction)'
    if 'ThreadPoolExecutor.getTask' in s or 'LockSupport.park' in s or ('ThreadPoolExecutor.execute' in s) or 'EventFD' in s or 'SingleThreadEventExecutor.execute' in s or 'wakeup' in s.lower(): return 'thread hand-offs (queue, park/unpark, event-loop wake-ups)'
    if 'SocketDispatcher' in s or 'epoll_wait' in s or 'EPoll.wait' in s or 'SelectorImpl' in s: return 'socket syscalls (read, writev, epoll)'
    if 'RequestDispatcher.parse' in s: return 'request JSON parsing'
    if '.execute' in s and 'io/basalt/api' in s: return 'operation (engine, expressions, response JSON)'
    if 'RequestDispatcher' in s: return 'dispatch (SigV4 header check, response buffer)'
    if 'io/basalt/shaded/netty' in s or 'DynamoHttpHandler' in s or 'HttpResponses' in s: return 'Netty HTTP codec and pipeline'
    if 'GC' in fr[0] or 'G1' in s or 'SerialHeap' in s or 'VM_GenCollect' in s or 'VMThread' in s: return 'garbage collection / VM'
    if 'Compile' in s or 'C2Compiler' in s or 'C1' in s: return 'JIT compilation'
    return 'other'
f=sys.argv[1]; c=collections.Counter(); tot=0
for line in open(f):
    stack,n=line.rstrip().rsplit(' ',1); n=int(n); tot+=n
    c[bucket(stack.split(';'))]+=n
for k,v in c.most_common(): print(f"| {k} | {100*v/tot:.0f}% |")
