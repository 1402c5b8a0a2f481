#!/usr/bin/env bash
# ./basalt dist: a bundle that needs no JDK on the machine that runs it.
#   target/dist/basalt-VERSION-linux-x64.tar.gz, unpacking to basalt-VERSION/:
#     bin/basalt   the launcher (serve, auth, backup, restore, migrate, version, --help)
#     runtime/     a Java runtime made by jlink with only the modules the server and its tools use (jdeps)
#     lib/         basalt.jar and its runtime libraries, native code for linux-x64 only
#     lib/native/  RocksDB's JNI library, unpacked (RocksDB would otherwise copy it out of its jar at every start)
# Needs the JDK the launcher found (JAVA_HOME, with jlink and jdeps) and a built target/basalt.jar.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
: "${JAVA_HOME:?JAVA_HOME must point at a JDK}"
[[ "$(uname -s)-$(uname -m)" == "Linux-x86_64" ]] || { echo "basalt dist: builds linux-x64 bundles on a linux-x64 machine only" >&2; exit 1; }
JAR="$ROOT/target/basalt.jar"
[[ -f "$JAR" ]] || { echo "basalt dist: $JAR missing: build first" >&2; exit 1; }
VERSION="$(unzip -p "$JAR" META-INF/MANIFEST.MF | sed -n 's/^Implementation-Version: *//p' | tr -d '\r')"
NAME="basalt-$VERSION"
OUT="$ROOT/target/dist"
STAGE="$OUT/$NAME"
rm -rf "$STAGE" "$OUT/$NAME-linux-x64.tar.gz"
mkdir -p "$STAGE/bin" "$STAGE/lib/native"

cp "$JAR" "$STAGE/lib/"
cp "$ROOT"/target/lib/*.jar "$STAGE/lib/"
# RocksDB and SQLite carry native code for every platform: keep linux-x64's (RocksDB's beside the jars)
rocks="$(ls "$STAGE"/lib/rocksdbjni-*.jar)"
unzip -q -o "$rocks" librocksdbjni-linux64.so -d "$STAGE/lib/native"
zip -q -d "$rocks" '*.so' '*.jnilib' '*.dll' >/dev/null
for sqlite in "$STAGE"/lib/sqlite-jdbc-*.jar; do
    [[ -f "$sqlite" ]] || continue
    others="$(unzip -Z1 "$sqlite" 'org/sqlite/native/*' | grep -v '^org/sqlite/native/Linux/x86_64/' | grep -v '/$' || true)"
    [[ -n "$others" ]] && echo "$others" | zip -q -d "$sqlite" -@ >/dev/null
done

# the modules the jars use (jdeps), plus what they reach only by reflection or service loading
modules="$("$JAVA_HOME/bin/jdeps" --print-module-deps --ignore-missing-deps --multi-release 21 \
    --class-path "$STAGE/lib/*" "$STAGE"/lib/*.jar 2>/dev/null | tail -1)"
[[ "$modules" == java.base* ]] || { echo "basalt dist: jdeps found no module list" >&2; exit 1; }
modules="$modules,jdk.crypto.ec,jdk.localedata,jdk.charsets,jdk.zipfs"
echo "basalt dist: jlink with $modules" >&2
# jdk.crypto.ec folded into java.base in JDK 22: leave out what this JDK does not have
have="$("$JAVA_HOME/bin/java" --list-modules | sed 's/@.*//')"
modules="$(tr , '\n' <<<"$modules" | grep -Fx -f <(echo "$have") | paste -sd, -)"
# native debug symbols stripped where objcopy is installed (binutils): ~8 MB less libjvm.so
STRIP_NATIVE="--strip-debug" # (Java attributes and native symbols in one)
command -v objcopy >/dev/null 2>&1 && STRIP_NATIVE="--strip-native-debug-symbols=exclude-debuginfo-files"
"$JAVA_HOME/bin/jlink" --add-modules "$modules" --output "$STAGE/runtime" \
    --strip-java-debug-attributes --no-header-files --no-man-pages --compress=zip-6 --generate-cds-archive \
    --include-locales=en ${STRIP_NATIVE:+"$STRIP_NATIVE"}
# the runtime's class archive for heaps over 32 GB (no compressed pointers): the server runs with -Xmx160m
rm -f "$STAGE/runtime/lib/server/classes_nocoops.jsa"

cp "$ROOT/packaging/basalt" "$STAGE/bin/basalt"
chmod 755 "$STAGE/bin/basalt"
# the class data sharing archive of the launcher, made now with the bundle's runtime (it stays valid
# when the unpacked bundle moves; the launcher makes one at first start if this one is missing)
BASALT_CDS_DIR="$STAGE/lib" "$STAGE/bin/basalt" cds-archive
[[ -f "$STAGE/lib/basalt.jsa" ]] || echo "basalt dist: no class sharing archive made (the bundle starts without)" >&2
cp "$ROOT/LICENSE" "$STAGE/"
cat > "$STAGE/README.txt" <<TXT
Basalt $VERSION for Linux x64: a DynamoDB-compatible server with its own Java runtime.

  bin/basalt serve              DynamoDB API on http://127.0.0.1:8000, data in ./basalt-data
  bin/basalt serve --in-memory  nothing kept
  bin/basalt --help             every option (each also a BASALT_<NAME> environment variable)

Documentation: the project's README.md and docs/ (docs/distribution.md for this bundle).
TXT
tar -C "$OUT" -czf "$OUT/$NAME-linux-x64.tar.gz" "$NAME"
echo "$OUT/$NAME-linux-x64.tar.gz ($(du -m "$OUT/$NAME-linux-x64.tar.gz" | cut -f1) MB; unpacked $(du -sm "$STAGE" | cut -f1) MB)"
