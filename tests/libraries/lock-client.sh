# Amazon DynamoDB Lock Client (github.com/awslabs/amazon-dynamodb-lock-client): its integration tests
# (BasicLockClientTests, GetAllLocksTests, GetLocksByPartitionKeyTest, ConsistentLockDataStressTest on
# InMemoryLockClientTester) read the endpoint from the dynamodb-local.endpoint system property. Its own
# pom starts DynamoDB Local in Docker and runs PowerMock, which does not run on Java 21+; a small pom
# written here compiles the library's sources and those tests with Mockito 5 and runs them through
# Maven (Maven Central must be reachable, or the artifacts in ~/.m2). Sourced by run.sh.

# Maven runs on $JAVA_HOME, which must be a JDK 21+ (as for Basalt's own build).
lock_client_java() {
  local v
  v=$("${JAVA_HOME:+$JAVA_HOME/bin/}java" -version 2>&1 | awk -F'"' '/version/ {split($2, p, "."); print p[1]; exit}')
  [ "${v:-0}" -ge 21 ] 2>/dev/null || { echo "point JAVA_HOME at a JDK 21 or newer (found: ${v:-none})" >&2; return 1; }
}

LOCK_CLIENT_TESTS="BasicLockClientTests GetAllLocksTests GetLocksByPartitionKeyTest ConsistentLockDataStressTest"

setup() {
  lock_client_java || return 1
  # the SDK version the library pins (newer SDKs hand out read-only buffers its stress test calls array() on)
  local sdk
  sdk=$(sed -n 's:.*<aws.java.sdk.version>\(.*\)</aws.java.sdk.version>.*:\1:p' pom.xml)
  local includes="<testInclude>**/InMemoryLockClientTester.java</testInclude>"
  for t in $LOCK_CLIENT_TESTS; do includes+="<testInclude>**/$t.java</testInclude>"; done
  cat >pom-basalt.xml <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>basalt.libraries</groupId><artifactId>lock-client-suite</artifactId><version>0</version>
  <properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <maven.compiler.release>21</maven.compiler.release>
  </properties>
  <dependencies>
    <dependency><groupId>software.amazon.awssdk</groupId><artifactId>dynamodb</artifactId><version>$sdk</version></dependency>
    <dependency><groupId>commons-logging</groupId><artifactId>commons-logging</artifactId><version>1.3.5</version></dependency>
    <dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>4.13.2</version><scope>test</scope></dependency>
    <dependency><groupId>org.mockito</groupId><artifactId>mockito-core</artifactId><version>5.20.0</version><scope>test</scope></dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version>
        <configuration><testIncludes>$includes</testIncludes></configuration></plugin>
      <plugin><artifactId>maven-surefire-plugin</artifactId><version>3.5.2</version>
        <configuration>
          <argLine>-XX:+EnableDynamicAgentLoading -Dnet.bytebuddy.experimental=true</argLine>
          <testFailureIgnore>true</testFailureIgnore>
        </configuration></plugin>
    </plugins>
  </build>
</project>
POM
  mvn -B -q -f pom-basalt.xml test-compile
}

run_suite() { # URL RESULTS [-Dtest=...]
  local url=$1 results=$2; shift 2
  lock_client_java || return 1
  rm -rf target/surefire-reports
  timeout 1800 mvn -B -f pom-basalt.xml surefire:test -Ddynamodb-local.endpoint="$url" \
    -Dtest="$(echo $LOCK_CLIENT_TESTS | tr ' ' ,)" "$@" || true
  python3 "$ROOT/tests/libraries/junit_results.py" "$results" target/surefire-reports/TEST-*.xml
}
