#!/usr/bin/env bash
# Starts a real S3-compatible server for the scripts in tests/scripts: Adobe's S3Mock, the
# standalone jar from Maven Central (fetched into the local Maven repository with
# `mvn dependency:get` when absent; the same version as src/test/java/io/basalt/it/S3Server.java),
# looked for where Maven itself keeps it (Maven's answer, not $HOME/.m2: with HOME set elsewhere,
# as container CI runners do, Maven still uses its settings or the account's home),
# on a free port, its files in DIR, with one KMS key it accepts (by id: S3Mock refuses key ARNs).
#
#   tests/s3mock.sh DIR     prints "PID ENDPOINT KMS_KEY_ID" once the server answers; stop it with kill PID
#
# Exits non-zero with the reason on stderr when Java, Maven or the jar cannot be had.
set -uo pipefail
VERSION=4.11.0
KMS_KEY_ARN=arn:aws:kms:us-east-1:123456789012:key/6e4d7c10-5a2b-4e8f-9c1d-2f3a4b5c6d7e
dir="${1:?usage: tests/s3mock.sh DIR}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
if ! command -v mvn >/dev/null 2>&1; then
    echo "s3mock: mvn is not on the PATH (it fetches S3Mock and says where it keeps it)" >&2; exit 1
fi
repo="$(mvn -q -B -Dstyle.color=never help:evaluate -Dexpression=settings.localRepository -DforceStdout 2>/dev/null \
    | sed 's/\x1b\[[0-9;]*m//g' | tail -1)"
if [[ -z "$repo" || ! -d "$repo" ]]; then
    echo "s3mock: Maven did not tell where its local repository is (mvn help:evaluate -Dexpression=settings.localRepository)" >&2; exit 1
fi
jar="$repo/com/adobe/testing/s3mock/$VERSION/s3mock-$VERSION-exec.jar"
if [[ ! -f "$jar" ]]; then
    mvn -q -B dependency:get -Dartifact="com.adobe.testing:s3mock:$VERSION:jar:exec" -Dtransitive=false >&2 \
        || { echo "s3mock: could not fetch com.adobe.testing:s3mock:$VERSION from Maven Central" >&2; exit 1; }
    [[ -f "$jar" ]] || { echo "s3mock: Maven fetched S3Mock but $jar is not there" >&2; exit 1; }
fi
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
http=$(free_port) https=$(free_port)
mkdir -p "$dir/store"
"$java" -Xmx384m -jar "$jar" --server.port="$https" --com.adobe.testing.s3mock.httpPort="$http" \
    --com.adobe.testing.s3mock.store.root="$dir/store" --com.adobe.testing.s3mock.store.validKmsKeys="$KMS_KEY_ARN" \
    --spring.main.banner-mode=off >"$dir/s3mock.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do
    if curl -s -o /dev/null "http://127.0.0.1:$http/"; then
        echo "$pid http://127.0.0.1:$http ${KMS_KEY_ARN##*/}"
        exit 0
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
done
kill "$pid" 2>/dev/null
echo "s3mock: did not start (see $dir/s3mock.log): $(tail -3 "$dir/s3mock.log")" >&2
exit 1
