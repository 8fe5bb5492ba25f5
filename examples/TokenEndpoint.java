/*
 * A merchant's token endpoint in Java (11 or newer), with the JDK only: `GET /account/storefront-token` answers the
 * signed-in customer's storefront token, for `<prepaid-upgrade auth-url="/account/storefront-token">` on the store's
 * own pages.
 *
 * signStorefrontToken is the part a store copies (into a servlet, a Spring controller, SAP Commerce): it signs exactly
 * as signStorefrontToken of prepaid-upgrade/server does, and refuses what it refuses. Run alone, as a single source
 * file, on the JDK's own HTTP server:
 *
 *   MERCHANT_PUBLIC_ID=... MERCHANT_HASH_KEY=... SESSION_SECRET=... java examples/TokenEndpoint.java [port]
 *
 * "Signed in", in this example, is a cookie `store_session=<customer id>.<signature>` (signedInCustomer below), the
 * stand-in session of node-token-endpoint.ts. A real store asks its own session instead for the id the subscription
 * service knows the customer by, never a login or an email: in a servlet, the HttpSession attribute its sign-in sets
 * (docs/token-endpoint.md shows a servlet).
 *
 * The package is a placeholder (example.com's names are kept for examples). A class in no package cannot be imported
 * by a servlet or controller that is in one, so a copy goes into one of the application's packages, its package line
 * changed to match. Run as a single source file, the package changes nothing.
 *
 * Check a copy against the shared vectors (every line must say what the vector expects; exit status 1 if not):
 *
 *   java examples/TokenEndpoint.java vectors examples/token-vectors.json
 */

package com.example.storefront;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public final class TokenEndpoint {
    public static final String TOKEN_PATH = "/account/storefront-token";

    /** A wrong option; field names it as signStorefrontToken does (merchantPublicId, customerId, hashKey, ts, trustLevel). */
    public static final class StorefrontTokenException extends IllegalArgumentException {
        public final String field;

        StorefrontTokenException(String field, String problem) {
            super(field + " " + problem);
            this.field = field;
        }
    }

    /** "|", which separates the signed fields, and Unicode's control characters (U+0000-U+001F, U+007F-U+009F). */
    private static final Pattern NOT_IN_A_SIGNED_FIELD = Pattern.compile("[|\\p{Cc}]");

    /**
     * What keeps text from being a signed field, or null. A "|" inside a field would give the signed text two readings;
     * no id holds a control character, and one in a log line can forge or cut it.
     */
    static String signedFieldProblem(String text) {
        // A lone surrogate has no UTF-8 form: the signature would be over other bytes than the service reads.
        if (!StandardCharsets.UTF_8.newEncoder().canEncode(text)) return "must be valid Unicode text";
        Matcher bad = NOT_IN_A_SIGNED_FIELD.matcher(text);
        if (!bad.find()) return null;
        if (bad.group().equals("|")) return "must not contain \"|\", which separates the signed fields";
        return String.format("must not contain a control character (U+%04X)", (int) bad.group().charAt(0));
    }

    /** The whitespace a key read from a file may keep before or after it: a line break, a space, a tab, a byte order mark. */
    private static final Pattern SPACE_AT_START = Pattern.compile("\\A[\\t\\n\\x0B\\f\\r \\uFEFF]");
    private static final Pattern SPACE_AT_END = Pattern.compile("[\\t\\n\\x0B\\f\\r \\uFEFF]\\z");

    /**
     * What is wrong with a hash key that starts or ends with whitespace, or null. A key read from a .env file or a
     * secret store often keeps the line break after it, and signs what the service refuses, since the service's key has
     * none: the key as given is refused, never trimmed.
     */
    static String hashKeyProblem(String hashKey) {
        Matcher start = SPACE_AT_START.matcher(hashKey);
        Matcher end = SPACE_AT_END.matcher(hashKey);
        boolean atStart = start.find();
        if (!atStart && !end.find()) return null;
        char space = (atStart ? start : end).group().charAt(0);
        return String.format(
            "must not start or end with whitespace (U+%04X at its %s), which a key read from a file often keeps: the service's key has none",
            (int) space, atStart ? "start" : "end");
    }

    /**
     * Signs a storefront token for one customer and returns the `authorization` header value (JSON text). ts is whole
     * Unix seconds, or null for now; trustLevel is optional (null). Throws StorefrontTokenException for a wrong option.
     */
    public static String signStorefrontToken(String merchantPublicId, String customerId, String hashKey, Long ts, String trustLevel) {
        String[][] signed = {{"merchantPublicId", merchantPublicId}, {"customerId", customerId}};
        for (String[] option : signed) {
            if (option[1] == null || option[1].isEmpty()) throw new StorefrontTokenException(option[0], "is required");
            String problem = signedFieldProblem(option[1]);
            if (problem != null) throw new StorefrontTokenException(option[0], problem);
        }
        if (hashKey == null || hashKey.isEmpty()) throw new StorefrontTokenException("hashKey", "is required");
        String keyProblem = hashKeyProblem(hashKey);
        if (keyProblem != null) throw new StorefrontTokenException("hashKey", keyProblem);
        long seconds = ts == null ? Instant.now().getEpochSecond() : ts;
        if (seconds < 0) throw new StorefrontTokenException("ts", "must be whole Unix seconds");
        // 13 digits are milliseconds, which the service refuses; 10^11 seconds is thirty centuries away.
        if (seconds >= 100_000_000_000L) {
            throw new StorefrontTokenException("ts", "must be Unix seconds, not milliseconds (Instant.now().getEpochSecond())");
        }
        if (trustLevel != null) {
            String problem = trustLevel.isEmpty() ? "must not be empty" : signedFieldProblem(trustLevel);
            if (problem != null) throw new StorefrontTokenException("trustLevel", problem);
        }
        String message = trustLevel == null ? customerId + "|" + seconds : customerId + "|" + trustLevel + "|" + seconds;
        String sig;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(hashKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            sig = Base64.getEncoder().encodeToString(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
        // As JavaScript's JSON.stringify writes it: compact, keys in this order, non-ASCII text and "/" as they are.
        StringBuilder token = new StringBuilder();
        token.append("{\"public_id\":").append(jsonString(merchantPublicId)).append(",\"ts\":").append(seconds);
        token.append(",\"sig_field\":").append(jsonString(customerId)).append(",\"sig\":").append(jsonString(sig));
        if (trustLevel != null) token.append(",\"trust_level\":").append(jsonString(trustLevel));
        return token.append('}').toString();
    }

    /** A JSON string: `"` and `\` escaped, control characters as \\u escapes, everything else as it is. */
    static String jsonString(String text) {
        StringBuilder json = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') json.append('\\').append(c);
            else if (c < 0x20) json.append(String.format("\\u%04x", (int) c));
            else json.append(c);
        }
        return json.append('"').toString();
    }

    /**
     * The customer of a valid stand-in session cookie (`<customer id>.<base64url HMAC-SHA256 of it with
     * SESSION_SECRET>`, the id percent-encoded), or null. A stand-in for the store's own session.
     */
    static String signedInCustomer(String cookieHeader, String secret) {
        String value = "";
        for (String pair : (cookieHeader == null ? "" : cookieHeader).split(";")) {
            String[] nameAndValue = pair.trim().split("=", 2);
            if (nameAndValue.length == 2 && nameAndValue[0].equals("store_session")) {
                value = nameAndValue[1];
                break;
            }
        }
        int dot = value.lastIndexOf('.');
        if (dot <= 0) return null;
        String customerId;
        try {
            // The id was written with encodeURIComponent, which leaves no "+"; a "+" here is no session of ours.
            customerId = URLDecoder.decode(value.substring(0, dot).replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            byte[] expected = Base64.getUrlEncoder().withoutPadding().encode(mac.doFinal(customerId.getBytes(StandardCharsets.UTF_8)));
            byte[] given = value.substring(dot + 1).getBytes(StandardCharsets.UTF_8);
            return MessageDigest.isEqual(expected, given) ? customerId : null;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        // no-store: a token is for this customer, now; no shared cache or back button may keep it.
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** The endpoint: the token to a GET with a valid session, 401 without one, 500 when it cannot sign one. */
    static void handle(HttpExchange exchange, String merchantPublicId, String hashKey, String sessionSecret) throws IOException {
        String token;
        try {
            token = tokenFor(exchange, merchantPublicId, hashKey, sessionSecret);
        } catch (RuntimeException e) {
            // A customer id the service cannot take, such as one with a "|", is the store's data, not the visitor's
            // doing. The line names the error and what is wrong, never a value or a stack trace.
            System.err.println("token endpoint: could not issue a token: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            answer(exchange, 500, "{\"detail\":\"Could not issue a token.\"}");
            return;
        }
        if (token != null) answer(exchange, 200, token);
    }

    /** The token for the request's customer, or null once the request has been refused. */
    private static String tokenFor(HttpExchange exchange, String merchantPublicId, String hashKey, String sessionSecret) throws IOException {
        if (!exchange.getRequestURI().getPath().equals(TOKEN_PATH)) {
            answer(exchange, 404, "{\"detail\":\"Not found.\"}");
        } else if (!exchange.getRequestMethod().equals("GET")) {
            exchange.getResponseHeaders().set("Allow", "GET");
            answer(exchange, 405, "{\"detail\":\"Use GET.\"}");
        } else {
            String customerId = signedInCustomer(exchange.getRequestHeaders().getFirst("Cookie"), sessionSecret);
            if (customerId == null) {
                answer(exchange, 401, "{\"detail\":\"Sign in to manage your subscriptions.\"}");
            } else {
                // The token is already JSON text: {"public_id":…,"ts":…,"sig_field":…,"sig":…}.
                return signStorefrontToken(merchantPublicId, customerId, hashKey, null, null);
            }
        }
        return null;
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 2 && args[0].equals("vectors")) System.exit(checkVectors(Path.of(args[1])));
        String merchantPublicId = System.getenv().getOrDefault("MERCHANT_PUBLIC_ID", "");
        String hashKey = System.getenv().getOrDefault("MERCHANT_HASH_KEY", "");
        String sessionSecret = System.getenv().getOrDefault("SESSION_SECRET", "");
        List<String> missing = new ArrayList<>();
        for (String name : List.of("MERCHANT_PUBLIC_ID", "MERCHANT_HASH_KEY", "SESSION_SECRET")) {
            if (System.getenv().getOrDefault(name, "").isEmpty()) missing.add(name);
        }
        if (!missing.isEmpty()) {
            System.err.println("Set " + String.join(", ", missing) + ".");
            System.exit(2);
        }
        int port = Integer.parseInt(args.length > 0 ? args[0] : System.getenv().getOrDefault("PORT", "8000"));
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.createContext("/", exchange -> {
            try {
                handle(exchange, merchantPublicId, hashKey, sessionSecret);
            } catch (RuntimeException e) {
                System.err.println("token endpoint: " + e);
            } finally {
                exchange.close();
            }
        });
        server.start();
        System.out.println("Token endpoint at http://127.0.0.1:" + server.getAddress().getPort() + TOKEN_PATH);
    }

    // The vectors mode. The JDK reads no JSON, so a small reader of it follows: enough for the vectors file.

    /** Prints each vector's outcome, one a line: the header signed, or `refused <field>: <message>`; 1 when any differs. */
    static int checkVectors(Path file) throws IOException {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        @SuppressWarnings("unchecked")
        Map<String, Object> vectors = (Map<String, Object>) new JsonReader(Files.readString(file)).value();
        int wrong = 0;
        for (String kind : List.of("tokens", "refusals")) {
            for (Object item : (List<?>) vectors.get(kind)) {
                Map<?, ?> vector = (Map<?, ?>) item;
                String outcome;
                try {
                    outcome = signStorefrontToken(
                        (String) vector.get("merchantPublicId"),
                        (String) vector.get("customerId"),
                        (String) vector.get("hashKey"),
                        wholeSeconds(vector.get("ts")),
                        (String) vector.get("trustLevel")
                    );
                } catch (StorefrontTokenException e) {
                    outcome = "refused " + e.field + ": " + e.getMessage();
                }
                out.println(outcome);
                boolean agrees = kind.equals("tokens")
                    ? outcome.equals(vector.get("header"))
                    : outcome.startsWith("refused " + vector.get("field") + ": ");
                if (!agrees) wrong++;
            }
        }
        if (wrong > 0) System.err.println(wrong + " vectors disagree.");
        return wrong > 0 ? 1 : 0;
    }

    /** A vector's ts as the long a Java caller passes: 1.5 or "1726000000" cannot be one, and are refused as such. */
    private static Long wholeSeconds(Object ts) {
        try {
            return ((BigDecimal) ts).longValueExact();
        } catch (ClassCastException | ArithmeticException e) {
            throw new StorefrontTokenException("ts", "must be whole Unix seconds");
        }
    }

    /** Objects (as maps), arrays (as lists), strings, numbers (as BigDecimal), true, false and null. */
    private static final class JsonReader {
        private final String text;
        private int at;

        JsonReader(String text) {
            this.text = text;
        }

        Object value() {
            skipSpace();
            char c = text.charAt(at);
            if (c == '{') {
                Map<String, Object> object = new LinkedHashMap<>();
                at++;
                while (!next('}')) {
                    skipSpace();
                    String key = string();
                    expect(':');
                    object.put(key, value());
                    next(',');
                }
                return object;
            }
            if (c == '[') {
                List<Object> array = new ArrayList<>();
                at++;
                while (!next(']')) {
                    array.add(value());
                    next(',');
                }
                return array;
            }
            if (c == '"') return string();
            for (String word : List.of("true", "false", "null")) {
                if (text.startsWith(word, at)) {
                    at += word.length();
                    return word.equals("null") ? null : Boolean.valueOf(word);
                }
            }
            int start = at;
            while (at < text.length() && "+-.0123456789eE".indexOf(text.charAt(at)) >= 0) at++;
            return new BigDecimal(text.substring(start, at));
        }

        private String string() {
            expect('"');
            StringBuilder string = new StringBuilder();
            for (char c = text.charAt(at++); c != '"'; c = text.charAt(at++)) {
                if (c != '\\') {
                    string.append(c);
                    continue;
                }
                char escaped = text.charAt(at++);
                switch (escaped) {
                    case 'b': string.append('\b'); break;
                    case 'f': string.append('\f'); break;
                    case 'n': string.append('\n'); break;
                    case 'r': string.append('\r'); break;
                    case 't': string.append('\t'); break;
                    case 'u': string.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; break;
                    default: string.append(escaped);
                }
            }
            return string.toString();
        }

        private boolean next(char c) {
            skipSpace();
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!next(c)) throw new IllegalArgumentException("JSON: expected " + c + " at " + at);
        }

        private void skipSpace() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
        }
    }
}
