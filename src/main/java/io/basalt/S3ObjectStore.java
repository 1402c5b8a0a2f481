package io.basalt;

import io.basalt.engine.transfer.ObjectStore;
import io.basalt.engine.transfer.ObjectStoreException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.model.ServerSideEncryption;

/**
 * Exports and imports through an S3-compatible endpoint ({@code --s3-endpoint URL}), with the AWS
 * SDK's S3 client: path-style addressing (what S3-compatible servers expect), credentials from the
 * default chain (environment, system properties, {@code ~/.aws} profiles, container and instance
 * roles) or, acting for a caller the auth file gives S3 credentials, those (one client per key),
 * the request's S3BucketOwner sent as S3's expected bucket owner, checksums only where S3 requires them (several compatible servers reject the SDK's
 * default trailing checksums). Objects larger than one part are sent as a multipart upload.
 */
final class S3ObjectStore implements ObjectStore, AutoCloseable {
    /** Part size of multipart uploads (S3's minimum is 5 MiB). */
    static final int PART_BYTES = 8 * 1024 * 1024;

    private final S3Client s3;
    private final String endpoint;
    private final String region;
    private final Encryption encryption;
    /** The S3BucketOwner of the request (S3's x-amz-expected-bucket-owner), or null. */
    private final String expectedOwner;
    /** Clients signing with callers' own credentials, by key (shared by every view, closed with the store). */
    private final java.util.concurrent.ConcurrentMap<String, S3Client> callerClients;

    S3ObjectStore(String endpoint, String region) {
        this(endpoint, region, client(endpoint, region, DefaultCredentialsProvider.builder().build()), Encryption.NONE, null,
                new java.util.concurrent.ConcurrentHashMap<>());
    }

    private S3ObjectStore(String endpoint, String region, S3Client s3, Encryption encryption, String expectedOwner,
                          java.util.concurrent.ConcurrentMap<String, S3Client> callerClients) {
        this.endpoint = endpoint;
        this.region = region;
        this.s3 = s3;
        this.encryption = encryption;
        this.expectedOwner = expectedOwner;
        this.callerClients = callerClients;
    }

    private static S3Client client(String endpoint, String region, software.amazon.awssdk.auth.credentials.AwsCredentialsProvider credentials) {
        return S3Client.builder()
                .endpointOverride(URI.create(endpoint))
                .region(Region.of(region == null ? "us-east-1" : region))
                .forcePathStyle(true)
                .credentialsProvider(credentials)
                .httpClient(UrlConnectionHttpClient.create())
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                .build();
    }

    /** A view sharing this store's client that asks S3 to encrypt every object it writes. */
    @Override
    public ObjectStore encryptedWith(Encryption encryption) {
        return new S3ObjectStore(endpoint, region, s3, encryption, expectedOwner, callerClients);
    }

    /** A view signing with the caller's own S3 credentials (the server's when it has none) and expecting its S3BucketOwner. */
    @Override
    public ObjectStore actingFor(Caller caller) {
        Credentials c = caller.credentials();
        S3Client client = c == null ? s3 : callerClients.computeIfAbsent(c.accessKeyId() + "\n" + c.secretAccessKey() + "\n" + c.sessionToken(),
                k -> client(endpoint, region, software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(c.sessionToken() == null
                        ? software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create(c.accessKeyId(), c.secretAccessKey())
                        : software.amazon.awssdk.auth.credentials.AwsSessionCredentials.create(c.accessKeyId(), c.secretAccessKey(), c.sessionToken()))));
        return new S3ObjectStore(endpoint, region, client, encryption, caller.expectedOwner(), callerClients);
    }

    /** The SSE headers of a PutObject or CreateMultipartUpload (S3 takes them on the upload's start, not per part). */
    private ServerSideEncryption sse() {
        if (encryption.algorithm() == null) return null;
        return "KMS".equals(encryption.algorithm()) ? ServerSideEncryption.AWS_KMS : ServerSideEncryption.AES256;
    }

    private String kmsKeyId() {
        return "KMS".equals(encryption.algorithm()) ? encryption.kmsKeyId() : null;
    }

    @Override
    public Upload create(String bucket, String key) {
        return new Upload() {
            private final ByteArrayOutputStream part = new ByteArrayOutputStream(1 << 16);
            private final List<CompletedPart> parts = new ArrayList<>();
            private String uploadId;
            private String etag;

            @Override public void write(int b) throws IOException {
                part.write(b);
                if (part.size() >= PART_BYTES) sendPart();
            }

            @Override public void write(byte[] b, int off, int len) throws IOException {
                part.write(b, off, len);
                if (part.size() >= PART_BYTES) sendPart();
            }

            private void sendPart() throws IOException {
                call(() -> {
                    if (uploadId == null) {
                        uploadId = s3.createMultipartUpload(r -> r.bucket(bucket).key(key).expectedBucketOwner(expectedOwner).serverSideEncryption(sse())
                                .ssekmsKeyId(kmsKeyId())).uploadId();
                    }
                    int n = parts.size() + 1;
                    String tag = s3.uploadPart(r -> r.bucket(bucket).key(key).expectedBucketOwner(expectedOwner).uploadId(uploadId).partNumber(n),
                            RequestBody.fromBytes(part.toByteArray())).eTag();
                    parts.add(CompletedPart.builder().partNumber(n).eTag(tag).build());
                    return null;
                });
                part.reset();
            }

            @Override
            public void close() throws IOException {
                if (etag != null) return;
                if (uploadId == null) {
                    etag = unquoted(call(() -> s3.putObject(r -> r.bucket(bucket).key(key).expectedBucketOwner(expectedOwner).serverSideEncryption(sse()).ssekmsKeyId(kmsKeyId()),
                            RequestBody.fromBytes(part.toByteArray())).eTag()));
                    return;
                }
                if (part.size() > 0) sendPart();
                etag = unquoted(call(() -> s3.completeMultipartUpload(r -> r.bucket(bucket).key(key).expectedBucketOwner(expectedOwner).uploadId(uploadId)
                        .multipartUpload(m -> m.parts(parts))).eTag()));
            }

            @Override public String etag() { return etag; }
        };
    }

    @Override
    public InputStream open(String bucket, String key) throws IOException {
        return call(() -> s3.getObject(r -> r.bucket(bucket).key(key).expectedBucketOwner(expectedOwner)));
    }

    @Override
    public List<ObjectInfo> list(String bucket, String prefix) throws IOException {
        List<ObjectInfo> out = new ArrayList<>();
        String token = null;
        do {
            String t = token;
            ListObjectsV2Response page = call(() -> s3.listObjectsV2(ListObjectsV2Request.builder().bucket(bucket).expectedBucketOwner(expectedOwner)
                    .prefix(prefix == null || prefix.isEmpty() ? null : prefix).continuationToken(t).build()));
            for (S3Object o : page.contents()) out.add(new ObjectInfo(o.key(), o.size() == null ? 0 : o.size()));
            token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
        } while (token != null);
        return out;
    }

    @Override
    public void checkWritable(String bucket) throws IOException {
        call(() -> s3.headBucket(r -> r.bucket(bucket).expectedBucketOwner(expectedOwner)));
    }

    @Override
    public String describe() {
        return endpoint;
    }

    @Override
    public void close() {
        s3.close(); // only the store the wiring made is closed; its views share the clients
        callerClients.values().forEach(S3Client::close);
    }

    private static String unquoted(String etag) {
        return etag == null ? null : etag.replace("\"", "");
    }

    private interface S3Call<T> {
        T run();
    }

    /**
     * Runs one S3 request, mapping the refusals exports and imports name to their kinds, with the
     * message in the form the service's FailureMessage quotes S3's errors (live, 2026-10-09: "The
     * specified bucket does not exist (Service: Amazon S3; Status Code: 404; Error Code: NoSuchBucket;
     * Request ID: ...; S3 Extended Request ID: ...)").
     */
    private static <T> T call(S3Call<T> c) throws IOException {
        try {
            return c.run();
        } catch (S3Exception e) {
            String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
            ObjectStoreException.Kind kind = ObjectStoreException.Kind.OTHER;
            String text = e.awsErrorDetails() == null || e.awsErrorDetails().errorMessage() == null ? e.getMessage()
                    : e.awsErrorDetails().errorMessage();
            if ("NoSuchBucket".equals(code) || (e.statusCode() == 404 && !"NoSuchKey".equals(code))) {
                kind = ObjectStoreException.Kind.NO_SUCH_BUCKET;
                code = "NoSuchBucket";
                text = "The specified bucket does not exist";
            } else if ("KMS.NotFoundException".equals(code)) {
                // the service's FailureCode for a key S3 cannot find (live, 2026-10-09, DDB-EXPORT-005/-011)
                kind = ObjectStoreException.Kind.KMS_NOT_FOUND;
            } else if ("AccessDenied".equals(code) || e.statusCode() == 403) {
                kind = ObjectStoreException.Kind.ACCESS_DENIED;
                // a 403 without S3's error document (a HEAD's has no body): S3's own words then
                if (!"AccessDenied".equals(code) || text == null || text.isEmpty()) text = "Access Denied";
                code = "AccessDenied";
            }
            throw new ObjectStoreException(kind, text + " (Service: Amazon S3; Status Code: " + e.statusCode() + "; Error Code: " + code
                    + "; Request ID: " + e.requestId() + "; S3 Extended Request ID: " + e.extendedRequestId() + "; Proxy: null)", e);
        } catch (SdkException e) {
            throw new ObjectStoreException(ObjectStoreException.Kind.OTHER, e.getMessage(), e);
        }
    }
}
