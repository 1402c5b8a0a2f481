import sys, collections
# usage: top.py file [n] ; prints self-time top frames and inclusive time of interesting frames
f=sys.argv[1]; n=int(sys.argv[2]) if len(sys.argv)>2 else 40
selfc=collections.Counter(); incl=collections.Counter(); total=0
for line in open(f):
    line=line.rstrip()
    if not line: continue
    stack,cnt=line.rsplit(' ',1); cnt=int(cnt); total+=cnt
    frames=stack.split(';')
    selfc[frames[-1]]+=cnt
    for fr in set(frames): incl[fr]+=cnt
print("total",total)
print("--- self")
for k,v in selfc.most_common(n): print(f"{100*v/total:5.1f}% {k[:150]}")
print("--- inclusive")
for k,v in incl.most_common(n*2): print(f"{100*v/total:5.1f}% {k[:150]}")
