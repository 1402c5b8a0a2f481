package io.basalt.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the figures were measured on: cores, memory, CPU model, JDK, OS. */
record MachineInfo(int cores, long memoryMb, String cpuModel, String jdk, String os) {
    static MachineInfo current() {
        return new MachineInfo(
                Runtime.getRuntime().availableProcessors(),
                memTotalMb(),
                readCpuModel(),
                System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version")
                        + " (" + System.getProperty("java.vm.name") + ")",
                osDescription());
    }

    String oneLine() {
        return cores + " cores (" + cpuModel + "), " + memoryMb + " MB RAM, " + os + ", client JDK " + jdk;
    }

    private static long memTotalMb() {
        for (String line : lines("/proc/meminfo")) {
            if (line.startsWith("MemTotal:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
            }
        }
        return -1;
    }

    private static String readCpuModel() {
        for (String line : lines("/proc/cpuinfo")) {
            if (line.startsWith("model name")) return line.substring(line.indexOf(':') + 1).trim();
        }
        return System.getProperty("os.arch");
    }

    private static String osDescription() {
        String pretty = null;
        for (String line : lines("/etc/os-release")) {
            if (line.startsWith("PRETTY_NAME=")) pretty = line.substring(12).replace("\"", "");
        }
        String kernel = System.getProperty("os.name") + " " + System.getProperty("os.version");
        return pretty == null ? kernel : pretty + ", " + kernel;
    }

    private static List<String> lines(String path) {
        try {
            return Files.readAllLines(Path.of(path), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return List.of();
        }
    }
}
