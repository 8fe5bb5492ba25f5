#!/usr/bin/env python3
"""A merchant's token endpoint in Python (3.8 or newer), with the standard library only.

`GET /account/storefront-token` answers the signed-in customer's storefront token, for
`<prepaid-upgrade auth-url="/account/storefront-token">` on the store's own pages.

sign_storefront_token() is the part a store copies (into a Django or Flask view): it signs exactly as
signStorefrontToken of prepaid-upgrade/server does, and refuses what it refuses. Run alone, on http.server:

    MERCHANT_PUBLIC_ID=... MERCHANT_HASH_KEY=... SESSION_SECRET=... python3 examples/token_endpoint.py [port]

"Signed in", in this example, is a cookie `store_session=<customer id>.<signature>` (signed_in_customer() below),
the stand-in session of node-token-endpoint.ts. A real store asks its own session instead: request.user in Django,
the session (or flask_login's current_user) in Flask; docs/token-endpoint.md shows both, signing the id the
subscription service knows the customer by.

Check a copy against the shared vectors (every line must say what the vector expects; exit status 1 if not):

    python3 examples/token_endpoint.py vectors examples/token-vectors.json
"""

import base64
import hashlib
import hmac
import json
import os
import re
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Optional
from urllib.parse import unquote, urlsplit

TOKEN_PATH = "/account/storefront-token"

# Unicode's control characters (U+0000-U+001F, U+007F-U+009F), and "|", which separates the signed fields.
_NOT_IN_A_SIGNED_FIELD = re.compile("[|\x00-\x1f\x7f-\x9f]")
# The whitespace a key read from a file may keep before or after it: a line break, a space, a tab, a byte order mark.
_SPACE_AT_START = re.compile("\\A[\t\n\x0b\x0c\r \ufeff]")
_SPACE_AT_END = re.compile("[\t\n\x0b\x0c\r \ufeff]\\Z")


class StorefrontTokenError(ValueError):
    """A wrong option; `field` names it as signStorefrontToken does (merchantPublicId, customerId, hashKey, ts,
    trustLevel), the message as this function's parameters do."""

    def __init__(self, field: str, problem: str):
        name = re.sub("([A-Z])", lambda match: "_" + match.group(1).lower(), field)
        super().__init__(f"{name} {problem}")
        self.field = field


def _signed_field_problem(text: str) -> Optional[str]:
    """What keeps text from being a signed field, or None. A "|" inside a field would give the signed text two
    readings; no id holds a control character, and one in a log line can forge or cut it."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        # A lone surrogate has no UTF-8 form: the signature would be over other bytes than the service reads.
        return "must be valid Unicode text"
    match = _NOT_IN_A_SIGNED_FIELD.search(text)
    if match is None:
        return None
    if match.group() == "|":
        return 'must not contain "|", which separates the signed fields'
    return f"must not contain a control character (U+{ord(match.group()):04X})"


def _hash_key_problem(hash_key: str) -> Optional[str]:
    """What is wrong with a hash key that starts or ends with whitespace, or None. A key read from a .env file or a
    secret store often keeps the line break after it, and signs what the service refuses, since the service's key has
    none: the key as given is refused, never trimmed."""
    at_start = _SPACE_AT_START.search(hash_key)
    match = at_start or _SPACE_AT_END.search(hash_key)
    if match is None:
        return None
    return (
        f"must not start or end with whitespace (U+{ord(match.group()):04X} at its {'start' if at_start else 'end'}), "
        "which a key read from a file often keeps: the service's key has none"
    )


def sign_storefront_token(
    *,
    merchant_public_id: str,
    customer_id: str,
    hash_key: str,
    ts: Optional[int] = None,
    trust_level: Optional[str] = None,
) -> str:
    """Signs a storefront token for one customer and returns the `authorization` header value (JSON text). `ts` is
    whole Unix seconds (default now); `trust_level` is optional. Raises StorefrontTokenError for a wrong option."""
    for field, value in (("merchantPublicId", merchant_public_id), ("customerId", customer_id)):
        if not isinstance(value, str) or value == "":
            raise StorefrontTokenError(field, "is required")
        problem = _signed_field_problem(value)
        if problem:
            raise StorefrontTokenError(field, problem)
    if not isinstance(hash_key, str) or hash_key == "":
        raise StorefrontTokenError("hashKey", "is required")
    problem = _hash_key_problem(hash_key)
    if problem:
        raise StorefrontTokenError("hashKey", problem)
    if ts is None:
        ts = int(time.time())
    # An int only (bool is one in Python): 1.5 or "1726000000" would sign a text the service does not rebuild.
    if not isinstance(ts, int) or isinstance(ts, bool) or ts < 0:
        raise StorefrontTokenError("ts", "must be whole Unix seconds")
    # 13 digits are milliseconds, which the service refuses; 10**11 seconds is thirty centuries away.
    if ts >= 10**11:
        raise StorefrontTokenError("ts", "must be Unix seconds, not milliseconds (int(time.time()), not time.time() * 1000)")
    if trust_level is not None:
        problem = "must not be empty" if trust_level == "" else _signed_field_problem(trust_level)
        if problem:
            raise StorefrontTokenError("trustLevel", problem)
    message = f"{customer_id}|{ts}" if trust_level is None else f"{customer_id}|{trust_level}|{ts}"
    digest = hmac.new(hash_key.encode("utf-8"), message.encode("utf-8"), hashlib.sha256).digest()
    token = {"public_id": merchant_public_id, "ts": ts, "sig_field": customer_id, "sig": base64.b64encode(digest).decode("ascii")}
    if trust_level is not None:
        token["trust_level"] = trust_level
    # As JavaScript's JSON.stringify writes it: compact, keys in this order, non-ASCII text as it is.
    return json.dumps(token, ensure_ascii=False, separators=(",", ":"))


def signed_in_customer(cookie_header: Optional[str], secret: str) -> Optional[str]:
    """The customer of a valid stand-in session cookie (`<customer id>.<base64url HMAC-SHA256 of it with
    SESSION_SECRET>`, the id percent-encoded), or None. A stand-in for the store's own session."""
    pairs = (pair.strip().split("=", 1) for pair in (cookie_header or "").split(";"))
    value = next((pair[1] for pair in pairs if len(pair) == 2 and pair[0] == "store_session"), "")
    encoded, dot, signature = value.rpartition(".")
    if not dot or not encoded:
        return None
    try:
        customer_id = unquote(encoded, errors="strict")
    except UnicodeDecodeError:
        return None
    digest = hmac.new(secret.encode("utf-8"), customer_id.encode("utf-8"), hashlib.sha256).digest()
    expected = base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")
    return customer_id if hmac.compare_digest(expected.encode(), signature.encode()) else None


class TokenEndpoint(BaseHTTPRequestHandler):
    """The endpoint at TOKEN_PATH, and nothing else."""

    # Which server and Python answer is nobody's business.
    server_version = "token-endpoint"
    sys_version = ""
    merchant_public_id = os.environ.get("MERCHANT_PUBLIC_ID", "")
    hash_key = os.environ.get("MERCHANT_HASH_KEY", "")
    session_secret = os.environ.get("SESSION_SECRET", "")

    def answer(self, status: int, body: str, headers: Optional[dict] = None) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        # no-store: a token is for this customer, now; no shared cache or back button may keep it.
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def send_error(self, code: int, message: Optional[str] = None, explain: Optional[str] = None) -> None:
        """http.server's own refusals, as JSON too: headers too large to read (431) are a bad request, as most servers
        answer an oversized cookie, and a method it has no do_ for (501) is one this endpoint does not allow."""
        self.close_connection = True
        if code == 501:
            return self.not_get()
        self.answer(400 if code == 431 else code, json.dumps({"detail": "Bad request." if code < 500 else "Could not answer."}))

    def do_GET(self) -> None:
        if urlsplit(self.path).path != TOKEN_PATH:
            return self.answer(404, json.dumps({"detail": "Not found."}))
        try:
            customer_id = signed_in_customer(self.headers.get("Cookie"), self.session_secret)
            if customer_id is None:
                return self.answer(401, json.dumps({"detail": "Sign in to manage your subscriptions."}))
            token = sign_storefront_token(merchant_public_id=self.merchant_public_id, customer_id=customer_id, hash_key=self.hash_key)
        except Exception as error:  # noqa: BLE001: whatever went wrong, the visitor gets a 500 and the log one line.
            # A customer id the service cannot take, such as one with a "|", is the store's data, not the visitor's
            # doing. The line names the error and what is wrong, never a value or a traceback's locals.
            print(f"token endpoint: could not issue a token: {type(error).__name__}: {error}", file=sys.stderr, flush=True)
            return self.answer(500, json.dumps({"detail": "Could not issue a token."}))
        # The token is already JSON text: {"public_id":...,"ts":...,"sig_field":...,"sig":...}.
        self.answer(200, token)

    def not_get(self) -> None:
        self.answer(405, json.dumps({"detail": "Use GET."}), {"Allow": "GET"})

    do_POST = do_PUT = do_PATCH = do_DELETE = not_get


def check_vectors(file: str) -> int:
    """Prints each vector's outcome, one a line: the header signed, or `refused <field>: <message>`; 1 when any
    differs from what the vector expects."""
    with open(file, encoding="utf-8") as text:
        vectors = json.load(text)
    wrong = 0
    for kind in ("tokens", "refusals"):
        for vector in vectors[kind]:
            try:
                outcome = sign_storefront_token(
                    merchant_public_id=vector["merchantPublicId"],
                    customer_id=vector["customerId"],
                    hash_key=vector["hashKey"],
                    ts=vector["ts"],
                    trust_level=vector.get("trustLevel"),
                )
            except StorefrontTokenError as error:
                outcome = f"refused {error.field}: {error}"
            sys.stdout.buffer.write(outcome.encode("utf-8") + b"\n")
            expected = vector["header"] if kind == "tokens" else f"refused {vector['field']}: "
            wrong += 0 if outcome == expected or (kind == "refusals" and outcome.startswith(expected)) else 1
    if wrong:
        print(f"{wrong} vectors disagree.", file=sys.stderr)
        return 1
    return 0


def main(argv: list) -> int:
    if len(argv) == 3 and argv[1] == "vectors":
        return check_vectors(argv[2])
    missing = [name for name in ("MERCHANT_PUBLIC_ID", "MERCHANT_HASH_KEY", "SESSION_SECRET") if not os.environ.get(name)]
    if missing:
        print(f"Set {', '.join(missing)}.", file=sys.stderr)
        return 2
    port = int(argv[1] if len(argv) > 1 else os.environ.get("PORT", "8000"))
    server = ThreadingHTTPServer(("127.0.0.1", port), TokenEndpoint)
    print(f"Token endpoint at http://127.0.0.1:{server.server_address[1]}{TOKEN_PATH}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
