<?php
/**
 * A merchant's token endpoint in PHP (8.0 or newer), with PHP's own functions only: `GET /account/storefront-token`
 * answers the signed-in customer's storefront token, for `<prepaid-upgrade auth-url="/account/storefront-token">` on
 * the store's own pages.
 *
 * sign_storefront_token() is the part a store copies (into Laravel, WooCommerce, Magento): it signs exactly as
 * signStorefrontToken of prepaid-upgrade/server does, and refuses what it refuses. Run alone, on PHP's built-in server:
 *
 *   MERCHANT_PUBLIC_ID=… MERCHANT_HASH_KEY=… SESSION_SECRET=… php -n -S 127.0.0.1:8000 examples/token-endpoint.php
 *
 * It answers nothing but JSON, even under PHP's defaults without a php.ini (`php -n`, as in the official container
 * images), which show every error, its file and its arguments to the visitor: serving, it shows none and keeps no
 * argument in a trace. What PHP says before this file runs (a request over max_input_vars) only a setting keeps quiet:
 * add -d display_startup_errors=0, as a store's own production settings do (docs/token-endpoint.md#in-production).
 *
 * "Signed in", in this example, is a cookie `store_session=<customer id>.<signature>` (signed_in_customer() below), the
 * stand-in session of node-token-endpoint.ts. A real store asks its own session instead: Auth::user() in Laravel,
 * get_current_user_id() in WordPress, the customer session in Magento (docs/token-endpoint.md shows Laravel's).
 *
 * Check a copy against the shared vectors (every line must say what the vector expects; exit status 1 if not):
 *
 *   php examples/token-endpoint.php vectors examples/token-vectors.json
 */

declare(strict_types=1);

const STOREFRONT_TOKEN_PATH = '/account/storefront-token';

/** A wrong option; $field names it as signStorefrontToken does (merchantPublicId, customerId, hashKey, ts, trustLevel). */
final class StorefrontTokenError extends InvalidArgumentException
{
    public string $field;

    public function __construct(string $field, string $problem)
    {
        parent::__construct("$field $problem");
        $this->field = $field;
    }
}

/**
 * What keeps text from being a signed field, or null. A "|" separates the signed fields, so one inside a field would
 * give the signed text two readings; no id holds a control character, and one in a log line can forge or cut it.
 */
function storefront_signed_field_problem(string $text): ?string
{
    // PHP strings are bytes: text that is not UTF-8 has no JSON form, and would sign other bytes than the service reads.
    if (preg_match('//u', $text) !== 1) {
        return 'must be valid UTF-8';
    }
    if (preg_match('/[|\p{Cc}]/u', $text, $match) !== 1) {
        return null;
    }
    if ($match[0] === '|') {
        return 'must not contain "|", which separates the signed fields';
    }
    // The control characters are U+0000–U+001F and U+007F (one byte) and U+0080–U+009F (two bytes).
    $char = $match[0];
    $code = strlen($char) === 1 ? ord($char) : ((ord($char[0]) & 0x1f) << 6) | (ord($char[1]) & 0x3f);
    return sprintf('must not contain a control character (U+%04X)', $code);
}

/**
 * What is wrong with a hash key that starts or ends with whitespace, or null. A key read from a .env file or a secret
 * store often keeps the line break after it, and signs what the service refuses, since the service's key has none: the
 * key as given is refused, never trimmed.
 */
function storefront_hash_key_problem(#[\SensitiveParameter] string $hashKey): ?string
{
    if (preg_match('/^([\t\n\x0B\f\r \x{FEFF}])|([\t\n\x0B\f\r \x{FEFF}])\z/u', $hashKey, $match) !== 1) {
        return null;
    }
    $where = $match[1] !== '' ? 'start' : 'end';
    $space = $match[1] !== '' ? $match[1] : $match[2];
    $code = $space === "\u{FEFF}" ? 0xFEFF : ord($space);
    return sprintf("must not start or end with whitespace (U+%04X at its %s), which a key read from a file often keeps: the service's key has none", $code, $where);
}

/**
 * Signs a storefront token for one customer and returns the `authorization` header value (JSON text). $ts is whole
 * Unix seconds (default now); $trustLevel is optional. Throws StorefrontTokenError for a wrong option.
 */
function sign_storefront_token(
    string $merchantPublicId,
    string $customerId,
    #[\SensitiveParameter] string $hashKey,
    mixed $ts = null,
    ?string $trustLevel = null,
): string {
    foreach (['merchantPublicId' => $merchantPublicId, 'customerId' => $customerId] as $field => $value) {
        if ($value === '') {
            throw new StorefrontTokenError($field, 'is required');
        }
        $problem = storefront_signed_field_problem($value);
        if ($problem !== null) {
            throw new StorefrontTokenError($field, $problem);
        }
    }
    if ($hashKey === '') {
        throw new StorefrontTokenError('hashKey', 'is required');
    }
    $problem = storefront_hash_key_problem($hashKey);
    if ($problem !== null) {
        throw new StorefrontTokenError('hashKey', $problem);
    }
    $ts ??= time();
    // An int only: 1.5 or "1726000000" would sign a text the service does not rebuild from the token.
    if (!is_int($ts) || $ts < 0) {
        throw new StorefrontTokenError('ts', 'must be whole Unix seconds');
    }
    // 13 digits are milliseconds (microtime), which the service refuses; 10^11 seconds is thirty centuries away.
    if ($ts >= 100000000000) {
        throw new StorefrontTokenError('ts', 'must be Unix seconds, not milliseconds (time(), not microtime())');
    }
    if ($trustLevel !== null) {
        $problem = $trustLevel === '' ? 'must not be empty' : storefront_signed_field_problem($trustLevel);
        if ($problem !== null) {
            throw new StorefrontTokenError('trustLevel', $problem);
        }
    }
    $message = $trustLevel === null ? "$customerId|$ts" : "$customerId|$trustLevel|$ts";
    $token = [
        'public_id' => $merchantPublicId,
        'ts' => $ts,
        'sig_field' => $customerId,
        'sig' => base64_encode(hash_hmac('sha256', $message, $hashKey, true)),
    ];
    if ($trustLevel !== null) {
        $token['trust_level'] = $trustLevel;
    }
    // As JavaScript's JSON.stringify writes it: "/", non-ASCII text and U+2028/U+2029 as they are, not escaped.
    return json_encode($token, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS | JSON_THROW_ON_ERROR);
}

/**
 * The customer of a valid stand-in session cookie (`<customer id>.<base64url HMAC-SHA256 of it with SESSION_SECRET>`,
 * the id percent-encoded), or null. A stand-in for the store's own session, to keep the example whole.
 */
function signed_in_customer(mixed $cookie, #[\SensitiveParameter] string $secret): ?string
{
    // `store_session[]=x` in the Cookie header makes PHP give an array: no session is one.
    if (!is_string($cookie)) {
        return null;
    }
    // PHP has already percent-decoded $_COOKIE; the signature (base64url) has no "." of its own.
    $dot = strrpos($cookie, '.');
    if ($dot === false || $dot === 0) {
        return null;
    }
    $customerId = substr($cookie, 0, $dot);
    $expected = rtrim(strtr(base64_encode(hash_hmac('sha256', $customerId, $secret, true)), '+/', '-_'), '=');
    return hash_equals($expected, substr($cookie, $dot + 1)) ? $customerId : null;
}

function send_token_endpoint_answer(int $status, string $body, array $headers = []): void
{
    http_response_code($status);
    // Which PHP answers is nobody's business (expose_php, on without a php.ini).
    header_remove('X-Powered-By');
    header('Content-Type: application/json; charset=utf-8');
    // no-store: a token is for this customer, now; no shared cache or back button may keep it.
    header('Cache-Control: no-store');
    foreach ($headers as $line) {
        header($line);
    }
    echo $body;
}

/** The endpoint, for PHP's built-in server with this file as its router. */
function serve_storefront_token(): void
{
    $detail = fn(string $text) => json_encode(['detail' => $text]);
    if (parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH) !== STOREFRONT_TOKEN_PATH) {
        send_token_endpoint_answer(404, $detail('Not found.'));
        return;
    }
    if ($_SERVER['REQUEST_METHOD'] !== 'GET') {
        send_token_endpoint_answer(405, $detail('Use GET.'), ['Allow: GET']);
        return;
    }
    $merchantPublicId = getenv('MERCHANT_PUBLIC_ID');
    $hashKey = getenv('MERCHANT_HASH_KEY');
    $sessionSecret = getenv('SESSION_SECRET');
    if (!$merchantPublicId || !$hashKey || !$sessionSecret) {
        $missing = array_keys(array_filter(
            ['MERCHANT_PUBLIC_ID' => $merchantPublicId, 'MERCHANT_HASH_KEY' => $hashKey, 'SESSION_SECRET' => $sessionSecret],
            fn($value) => !$value,
        ));
        error_log('token endpoint: set ' . implode(', ', $missing) . '.');
        send_token_endpoint_answer(500, $detail('Could not issue a token.'));
        return;
    }
    $customerId = signed_in_customer($_COOKIE['store_session'] ?? null, $sessionSecret);
    if ($customerId === null) {
        send_token_endpoint_answer(401, $detail('Sign in to manage your subscriptions.'));
        return;
    }
    try {
        // The token is already JSON text: {"public_id":…,"ts":…,"sig_field":…,"sig":…}.
        send_token_endpoint_answer(200, sign_storefront_token($merchantPublicId, $customerId, $hashKey));
    } catch (StorefrontTokenError $error) {
        // A customer id the service cannot take, such as one with a "|": the store's data, not the visitor's doing. The
        // message names the field and what is wrong with it, never its value.
        error_log("token endpoint: could not sign a token: {$error->getMessage()}");
        send_token_endpoint_answer(500, $detail('Could not issue a token.'));
    }
}

/**
 * What the visitor and the log get of an error nothing else caught: a 500 with a plain JSON detail, and a line that
 * names the error's class, where it was thrown and its message, never its arguments.
 */
function answer_uncaught_error(Throwable $error): void
{
    error_log(sprintf('token endpoint: %s at line %d: %s', get_class($error), $error->getLine(), $error->getMessage()));
    if (!headers_sent()) {
        send_token_endpoint_answer(500, json_encode(['detail' => 'Could not issue a token.']));
    }
}

/** One vector's outcome: the header signed, or `refused <field>: <message>`. */
function storefront_vector_outcome(array $vector): string
{
    try {
        return sign_storefront_token(
            $vector['merchantPublicId'],
            $vector['customerId'],
            $vector['hashKey'],
            $vector['ts'],
            $vector['trustLevel'] ?? null,
        );
    } catch (StorefrontTokenError $error) {
        return "refused {$error->field}: {$error->getMessage()}";
    }
}

/** Prints each vector's outcome, one a line; 1 when any differs from what the vector expects. */
function check_storefront_token_vectors(string $file): int
{
    $vectors = json_decode((string) file_get_contents($file), true, 512, JSON_THROW_ON_ERROR);
    $wrong = 0;
    foreach ($vectors['tokens'] as $vector) {
        $outcome = storefront_vector_outcome($vector);
        echo $outcome, "\n";
        $wrong += $outcome === $vector['header'] ? 0 : 1;
    }
    foreach ($vectors['refusals'] as $vector) {
        $outcome = storefront_vector_outcome($vector);
        echo $outcome, "\n";
        $wrong += str_starts_with($outcome, "refused {$vector['field']}: ") ? 0 : 1;
    }
    if ($wrong > 0) {
        fwrite(STDERR, "$wrong vectors disagree.\n");
        return 1;
    }
    return 0;
}

// Run as the script (or the built-in server's router), not when a store includes this file for its functions.
if (get_included_files()[0] === __FILE__) {
    if (PHP_SAPI === 'cli-server') {
        // Whatever the php.ini says, or without one: no error, file or argument reaches the visitor.
        ini_set('display_errors', '0');
        ini_set('log_errors', '1');
        ini_set('zend.exception_ignore_args', '1');
        set_exception_handler('answer_uncaught_error');
        serve_storefront_token();
    } elseif (PHP_SAPI === 'cli' && ($argv[1] ?? '') === 'vectors' && isset($argv[2])) {
        exit(check_storefront_token_vectors($argv[2]));
    } else {
        fwrite(STDERR, "Serve it with php -S 127.0.0.1:8000 {$argv[0]}, or check it with php {$argv[0]} vectors token-vectors.json\n");
        exit(2);
    }
}
