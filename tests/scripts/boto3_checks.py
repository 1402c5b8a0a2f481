"""What the boto3 scripts in tests/scripts share (imported, not run on its own: not executable):
an assertion that prints "ok - ..." or exits with "FAIL: ...", and the code and message of a call's
error."""
import sys

from botocore.exceptions import ClientError


def check(description, expected, actual):
    if expected != actual:
        sys.exit(f"FAIL: {description}: expected {expected!r} got {actual!r}")
    print(f"ok - {description}")


def error(fn):
    """(code, message) of the ClientError that fn() raises, None when it succeeds."""
    try:
        fn()
    except ClientError as e:
        return e.response["Error"]["Code"], e.response["Error"]["Message"]
    return None
