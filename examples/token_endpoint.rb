# frozen_string_literal: true

# A merchant's token endpoint in Ruby (3.0 or newer), with the standard library only: `GET
# /account/storefront-token` answers the signed-in customer's storefront token, for
# `<prepaid-upgrade auth-url="/account/storefront-token">` on the store's own pages.
#
# StorefrontToken.sign is the part a store copies (into a Rails or Solidus controller): it signs exactly as
# signStorefrontToken of prepaid-upgrade/server does, and refuses what it refuses. Run alone:
#
#   MERCHANT_PUBLIC_ID=... MERCHANT_HASH_KEY=... SESSION_SECRET=... ruby examples/token_endpoint.rb [port]
#
# WEBrick left Ruby's standard library in 3.0, so the server below is a few lines over TCPServer: enough for this
# example, not for a shop, which serves the endpoint from its own application server (Puma, under Rails).
#
# "Signed in", in this example, is a cookie `store_session=<customer id>.<signature>` (signed_in_customer below), the
# stand-in session of node-token-endpoint.ts. A real store asks its own session instead: current_user (Devise) or
# spree_current_user in Solidus (docs/token-endpoint.md shows Rails').
#
# Check a copy against the shared vectors (every line must say what the vector expects; exit status 1 if not):
#
#   ruby examples/token_endpoint.rb vectors examples/token-vectors.json

require 'json'
require 'openssl'
require 'socket'

module StorefrontToken
  PATH = '/account/storefront-token'

  # A wrong option; field names it as signStorefrontToken does (merchantPublicId, customerId, hashKey, ts,
  # trustLevel), the message as this module's keywords do.
  class Error < ArgumentError
    attr_reader :field

    def initialize(field, problem)
      @field = field
      super("#{field.gsub(/[A-Z]/) { |letter| "_#{letter.downcase}" }} #{problem}")
    end
  end

  # What keeps text from being a signed field, or nil. A "|" inside a field would give the signed text two readings;
  # no id holds a control character (U+0000-U+001F, U+007F-U+009F), and one in a log line can forge or cut it.
  def self.signed_field_problem(text)
    # Text that is not UTF-8 has no JSON form, and would sign other bytes than the service reads.
    return 'must be valid UTF-8' unless text.encoding == Encoding::UTF_8 && text.valid_encoding?

    bad = text[/[|\p{Cc}]/]
    return nil if bad.nil?
    return 'must not contain "|", which separates the signed fields' if bad == '|'

    format('must not contain a control character (U+%04X)', bad.ord)
  end

  # What is wrong with a hash key that starts or ends with whitespace, or nil. A key read from a .env file or a secret
  # store often keeps the line break after it, and signs what the service refuses, since the service's key has none:
  # the key as given is refused, never trimmed.
  def self.hash_key_problem(hash_key)
    return nil unless hash_key.valid_encoding?

    at_start = hash_key[/\A[\t\n\v\f\r \u{FEFF}]/]
    space = at_start || hash_key[/[\t\n\v\f\r \u{FEFF}]\z/]
    return nil if space.nil?

    format("must not start or end with whitespace (U+%04X at its %s), which a key read from a file often keeps: the service's key has none",
           space.ord, at_start ? 'start' : 'end')
  end

  # Signs a storefront token for one customer and returns the `authorization` header value (JSON text). ts is whole
  # Unix seconds (default now); trust_level is optional. Raises StorefrontToken::Error for a wrong option.
  def self.sign(merchant_public_id:, customer_id:, hash_key:, ts: nil, trust_level: nil)
    { 'merchantPublicId' => merchant_public_id, 'customerId' => customer_id }.each do |field, value|
      raise Error.new(field, 'is required') unless value.is_a?(String) && !value.empty?

      problem = signed_field_problem(value)
      raise Error.new(field, problem) if problem
    end
    raise Error.new('hashKey', 'is required') unless hash_key.is_a?(String) && !hash_key.empty?

    problem = hash_key_problem(hash_key)
    raise Error.new('hashKey', problem) if problem

    ts = Time.now.to_i if ts.nil?
    # An Integer only: 1.5 or "1726000000" would sign a text the service does not rebuild from the token.
    raise Error.new('ts', 'must be whole Unix seconds') unless ts.is_a?(Integer) && ts >= 0
    # 13 digits are milliseconds, which the service refuses; 10**11 seconds is thirty centuries away.
    raise Error.new('ts', 'must be Unix seconds, not milliseconds (Time.now.to_i)') if ts >= 10**11

    unless trust_level.nil?
      problem = trust_level == '' ? 'must not be empty' : signed_field_problem(trust_level)
      raise Error.new('trustLevel', problem) if problem
    end
    message = trust_level.nil? ? "#{customer_id}|#{ts}" : "#{customer_id}|#{trust_level}|#{ts}"
    signature = OpenSSL::HMAC.digest('SHA256', hash_key.b, message.b)
    token = { 'public_id' => merchant_public_id, 'ts' => ts, 'sig_field' => customer_id, 'sig' => [signature].pack('m0') }
    token['trust_level'] = trust_level unless trust_level.nil?
    # As JavaScript's JSON.stringify writes it: compact, keys in this order, non-ASCII text and "/" as they are.
    JSON.generate(token)
  end

  # The customer of a valid stand-in session cookie (`<customer id>.<base64url HMAC-SHA256 of it with
  # SESSION_SECRET>`, the id percent-encoded), or nil. A stand-in for the store's own session.
  def self.signed_in_customer(cookie_header, secret)
    pair = cookie_header.to_s.split(';').map { |part| part.strip.split('=', 2) }.find { |name, _| name == 'store_session' }
    value = pair&.last.to_s
    dot = value.rindex('.')
    return nil if dot.nil? || dot.zero?

    customer_id = value[0...dot].gsub(/%\h\h/) { |escape| escape[1, 2].hex.chr }.force_encoding(Encoding::UTF_8)
    return nil unless customer_id.valid_encoding?

    expected = [OpenSSL::HMAC.digest('SHA256', secret, customer_id.b)].pack('m0').tr('+/', '-_').delete('=')
    given = value[dot + 1..]
    given.bytesize == expected.bytesize && OpenSSL.fixed_length_secure_compare(given, expected) ? customer_id : nil
  end

  REASONS = {
    200 => 'OK', 400 => 'Bad Request', 401 => 'Unauthorized', 404 => 'Not Found', 405 => 'Method Not Allowed',
    500 => 'Internal Server Error'
  }.freeze
  # The most a request's line and headers may hold: as much as most servers take, far more than a session cookie needs.
  MAX_HEAD_BYTES = 16 * 1024

  # Reads one request from client and answers it: the token at PATH to a GET with a valid session, 401 without one.
  def self.serve(client, config)
    status, body, extra = begin
      method, target, headers = read_head(client)
      answer(method, target.to_s.split('?').first, headers&.fetch('cookie', nil), config)
    rescue StandardError => e
      # A customer id the service cannot take, such as one with a "|", is the store's data, not the visitor's doing.
      # The line names the error and what is wrong, never a value or a backtrace.
      warn "token endpoint: could not issue a token: #{e.class}: #{e.message}"
      [500, JSON.generate(detail: 'Could not issue a token.'), '']
    end
    # no-store: a token is for this customer, now; no shared cache or back button may keep it.
    client.write("HTTP/1.1 #{status} #{REASONS[status]}\r\n" \
                 "Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n#{extra}" \
                 "Content-Length: #{body.bytesize}\r\nConnection: close\r\n\r\n#{body}")
  ensure
    client.close
  end

  # The request's method, target and headers (names in lower case), or nils for a head that is not one or is longer
  # than MAX_HEAD_BYTES.
  def self.read_head(client)
    size = 0
    lines = []
    while (line = client.gets("\r\n", MAX_HEAD_BYTES - size + 1)) && line != "\r\n"
      size += line.bytesize
      return nil if size > MAX_HEAD_BYTES || !line.end_with?("\r\n")

      lines << line.chomp("\r\n")
    end
    method, target = lines.shift.to_s.split(' ')
    headers = lines.to_h { |header| header.split(':', 2).then { |name, value| [name.strip.downcase, value.to_s.strip] } }
    [method, target, headers]
  end

  def self.answer(method, path, cookie, config)
    return [400, JSON.generate(detail: 'Bad request.'), ''] if method.nil?
    return [404, JSON.generate(detail: 'Not found.'), ''] if path != PATH
    return [405, JSON.generate(detail: 'Use GET.'), "Allow: GET\r\n"] if method != 'GET'

    customer_id = signed_in_customer(cookie, config[:session_secret])
    return [401, JSON.generate(detail: 'Sign in to manage your subscriptions.'), ''] if customer_id.nil?

    # The token is already JSON text: {"public_id":…,"ts":…,"sig_field":…,"sig":…}.
    [200, sign(merchant_public_id: config[:merchant_public_id], customer_id: customer_id, hash_key: config[:hash_key]), '']
  end

  # Prints each vector's outcome, one a line: the header signed, or `refused <field>: <message>`; 1 when any differs
  # from what the vector expects.
  def self.check_vectors(file)
    vectors = JSON.parse(File.read(file, encoding: 'UTF-8'))
    wrong = 0
    %w[tokens refusals].each do |kind|
      vectors[kind].each do |vector|
        outcome = begin
          sign(merchant_public_id: vector['merchantPublicId'], customer_id: vector['customerId'],
               hash_key: vector['hashKey'], ts: vector['ts'], trust_level: vector['trustLevel'])
        rescue Error => e
          "refused #{e.field}: #{e.message}"
        end
        puts outcome
        agrees = kind == 'tokens' ? outcome == vector['header'] : outcome.start_with?("refused #{vector['field']}: ")
        wrong += 1 unless agrees
      end
    end
    warn "#{wrong} vectors disagree." if wrong.positive?
    wrong.positive? ? 1 : 0
  end
end

if $PROGRAM_NAME == __FILE__
  exit StorefrontToken.check_vectors(ARGV[1]) if ARGV.size == 2 && ARGV[0] == 'vectors'

  settings = %w[MERCHANT_PUBLIC_ID MERCHANT_HASH_KEY SESSION_SECRET].to_h { |name| [name, ENV.fetch(name, '')] }
  missing = settings.select { |_, value| value.empty? }.keys
  unless missing.empty?
    warn "Set #{missing.join(', ')}."
    exit 2
  end
  config = {
    merchant_public_id: settings['MERCHANT_PUBLIC_ID'],
    hash_key: settings['MERCHANT_HASH_KEY'],
    session_secret: settings['SESSION_SECRET']
  }
  server = TCPServer.new('127.0.0.1', Integer(ARGV[0] || ENV.fetch('PORT', '8000')))
  puts "Token endpoint at http://127.0.0.1:#{server.addr[1]}#{StorefrontToken::PATH}"
  $stdout.flush
  loop do
    Thread.new(server.accept) do |client|
      StorefrontToken.serve(client, config)
    rescue StandardError => e
      warn "token endpoint: #{e.class}: #{e.message}"
    end
  end
end
