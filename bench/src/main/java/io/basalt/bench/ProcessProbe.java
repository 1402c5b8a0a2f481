package io.basalt.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a process's CPU time and resident set from {@code /proc}: {@code /proc/PID/stat} fields 14 and 15
 * (utime, stime, in clock ticks of {@code getconf CLK_TCK}) and {@code VmRSS} of {@code /proc/PID/status}.
 */
final class ProcessProbe {
    private static final long CLOCK_TICKS = readClockTicks();
    final long pid;
    private final long[] more; // further processes counted with this one (a storage cluster's nodes)

    ProcessProbe(long pid) {
        this(pid, new long[0]);
    }

    private ProcessProbe(long pid, long[] more) {
        this.pid = pid;
        this.more = more;
    }

    /** A probe summing the CPU time and RSS of all these processes; null for none. */
    static ProcessProbe all(java.util.List<Long> pids) {
        if (pids.isEmpty()) return null;
        long[] more = new long[pids.size() - 1];
        for (int i = 1; i < pids.size(); i++) more[i - 1] = pids.get(i);
        return new ProcessProbe(pids.get(0), more);
    }

    static ProcessProbe self() {
        return new ProcessProbe(ProcessHandle.current().pid());
    }

    boolean alive() {
        return Files.exists(Path.of("/proc", Long.toString(pid), "stat"));
    }

    /** CPU time (user + system) used so far, in microseconds; -1 when unreadable. */
    long cpuMicros() {
        long sum = cpuMicros(pid);
        for (long p : more) {
            long v = cpuMicros(p);
            if (sum < 0 || v < 0) return -1;
            sum += v;
        }
        return sum;
    }

    private static long cpuMicros(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            // The command name (field 2) is in parentheses and may hold spaces; fields are counted after it.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14 and 15 of the whole line
            return ticks * 1_000_000L / CLOCK_TICKS;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Resident set size in KiB; -1 when unreadable. */
    long rssKb() {
        long sum = rssKb(pid);
        for (long p : more) sum += Math.max(0, rssKb(p));
        return sum;
    }

    private static long rssKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone
        }
        return -1;
    }

    static long clockTicks() {
        return CLOCK_TICKS;
    }

    private static long readClockTicks() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            p.waitFor();
            long v = Long.parseLong(out);
            return v > 0 ? v : 100;
        } catch (IOException | RuntimeException e) {
            return 100;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 100;
        }
    }
}
