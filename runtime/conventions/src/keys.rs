//! The keys a spec writes under `conventions:` that are one value each (a name, a word, a
//! switch, or a record of their own), declared once in [`convention_keys!`]'s table.
//!
//! The table is the one place a key is declared. Each program expands it its own way: this
//! crate into [`ConventionKeys`] (the record, its [`NONE`](ConventionKeys::NONE) and, with
//! `tokens`, the expression generated code builds it with); the generator into the record
//! it reads the spec's YAML into (with the docs below, which editors show while completing),
//! the lowering of each key and the comparison `restspec diff` makes. A key added to the
//! table is therefore read, checked, written into generated code and compared; what the
//! service does with it is the runtime's own code.

use crate::{
    Anonymous, EmptyRequestBody, IdempotencyConventions, NullOptionalFields, Pagination,
    RateLimitHeaders, ReadOnlyFields, RequestBodies, RequestContentType, RunAsConventions,
    SessionConventions, SpecWords, StaticFields, TimestampFormat, TraceConventions,
    UnknownCredentials, UnknownFields, UnknownOptions,
};

/// The table of convention keys, handed to the macro `callback` with the tokens `extra` in
/// front: `convention_keys!(callback! { extra })` expands to `callback! { { extra } entries }`.
///
/// Each entry is
///
/// ```text
/// /// What the key means, as the spec's reader sees it.
/// field [as "yaml_key"]: kind(arguments), lower(how), diff(rule);
/// ```
///
/// - `field` is the record's field; the spec writes it as `field` unless `as` says otherwise.
/// - `kind` is one of `text()` (a name the spec may leave out: `Option<S>`), `header()` (the
///   same, checked as a header name), `word(Type)` (one of a few words, [`SpecWords`]),
///   `switch(default)` (`true` or `false`; `default` when the spec leaves it out, `false`
///   in [`ConventionKeys::NONE`]) and `record(Type, Raw)` (a record of its own, `None` when
///   left out; `Raw` is the generator's record for its YAML).
/// - `lower()` lowers the key the usual way for its kind; `lower(module::function)` names
///   the generator's own lowering of the key (its argument the key as written, its result
///   the value, or for a word `Option` of it, `None` once a problem is reported).
/// - `diff(rule)` is how `restspec diff` judges a change to it (a rule of the generator's).
#[doc(hidden)]
#[macro_export]
macro_rules! convention_keys {
    ($callback:ident ! { $($extra:tt)* }) => {
        $callback! {
            { $($extra)* }
            /// Path every endpoint, the authenticated form and the sessions' paths sit under
            /// (`/api/v4`, `/v1`), written before each template on the wire; leave out for
            /// none. Requests outside it are 404. The service's own paths (`openapi_path`,
            /// `docs_path`, `metrics_path` and the health probes) sit under it too, as on
            /// GitHub-style APIs: `/api/v4/openapi.json`.
            base_path: text(), lower(base_path::lower_base_path), diff(Breaks);
            /// Path prefix of the authenticated form (`/a/`); leave out for none.
            authenticated_prefix: text(),
                lower(authenticated_prefix::lower_authenticated_prefix), diff(Breaks);
            /// The magic line every JSON body starts with (`)]}'`); leave out for none.
            json_prefix: text(), lower(), diff(Breaks);
            /// Query parameter stating the real content type of a `text/plain` POST (`$ct`).
            content_type_override_parameter as "content_type_override": text(), lower(),
                diff(PARAMETER);
            /// Header that makes a PUT create-only (`If-None-Match: *` gives `If-None-Match`).
            create_only_header: header(), lower(), diff(HEADER);
            /// Request tracing switches.
            trace: record(TraceConventions<S>, Trace), lower(trace::lower_trace), diff(FEATURE);
            /// Header carrying the XSRF token of cookie sessions (`X-Service-Auth`).
            xsrf_header: header(), lower(), diff(Breaks);
            /// Query parameter carrying an access token (`access_token`): the key of a
            /// session the service started (cookie sessions' key), not an API token (see
            /// `credentials`).
            access_token_parameter: text(), lower(), diff(PARAMETER);
            /// What a request with credentials the service does not accept (an unknown or
            /// expired token, a wrong password) gets: `unauthorized` (401 with
            /// `WWW-Authenticate`, the default) or `anonymous` (served as if it had sent
            /// none).
            unknown_credentials: word(UnknownCredentials),
                lower(unknown_credentials::lower_unknown_credentials),
                diff(OneWay { safe: "anonymous" });
            /// What anonymous callers may call: `reads` (GET and HEAD, the default), `none`
            /// or `all`. A family or an endpoint may say otherwise with its own `anonymous`.
            anonymous: word(Anonymous), lower(anonymous::lower_anonymous), diff(PerEndpoint);
            /// Account id that stands for the caller (`self`).
            self_alias: text(), lower(), diff(Breaks);
            /// Browser-style cookie sessions: leave out for none.
            sessions: record(SessionConventions<S>, Sessions), lower(sessions::lower_sessions),
                diff(FEATURE);
            /// How timestamps are written: `rfc3339` (the default when left out),
            /// `yyyy-mm-dd hh:mm:ss.fffffffff` or `unix_seconds`.
            timestamp_format: word(TimestampFormat), lower(), diff(Breaks);
            /// Name of the site setting that enables CORS (`site.allowOriginRegex`).
            cors_setting: text(), lower(),
                diff(Rule::Optional { added: "operators may set it", who: Who::Operators });
            /// Impersonation: the request header naming the account to act as, and the
            /// global capability a caller needs to send it. Leave out for none.
            run_as: record(RunAsConventions<S>, RunAs), lower(run_as::lower_run_as),
                diff(FEATURE);
            /// Whether every response carries the browser-hardening headers
            /// (`X-Content-Type-Options: nosniff`, `Content-Security-Policy: default-src
            /// 'none'; sandbox`, `Referrer-Policy: no-referrer`, `X-Frame-Options: deny`).
            /// Default: `true`.
            security_headers: switch(true), lower(), diff(Breaks);
            /// Where every service of this spec serves its OpenAPI 3.1 document, as raw JSON
            /// without the JSON prefix line, to anyone (`/openapi.json`): under `base_path`
            /// like every path of the service (`/v1/openapi.json` with `base_path: /v1`),
            /// and under `authenticated_prefix` too. Leave out to serve none; the document
            /// is generated either way.
            openapi_path: text(), lower(),
                diff(served("the OpenAPI document is served there", Who::Clients));
            /// Whether the OpenAPI document gives every operation a `default` answer in the
            /// error format too: what any status it does not list carries (one a proxy
            /// adds, say), as APIs that document their errors that way do. Default: `false`.
            // Unseen: only the OpenAPI document says it; any status was answered alike before.
            openapi_default_error: switch(false), lower(), diff(Unseen);
            /// Where every service of this spec serves its metrics in the Prometheus text
            /// format, to anyone, never counted against quota (`/metrics`): requests by
            /// endpoint, method and status, latency per endpoint, quota, authentication,
            /// connections and refusals. Leave out to count nothing.
            metrics_path: text(), lower(),
                diff(served("the metrics are served there", Who::Operators));
            /// Where a liveness probe gets `200 ok` while the process answers (`/healthz`).
            /// Leave out for none.
            liveness_path: text(), lower(),
                diff(served("the liveness probe is answered there", Who::Operators));
            /// Where a readiness probe gets `200 ok`, or `503` and the reason while the
            /// service drains for shutdown or a check it registers (`Settings::readiness`)
            /// fails (`/readyz`). Leave out for none.
            readiness_path: text(), lower(),
                diff(served("the readiness probe is answered there", Who::Operators));
            /// The `Content-Type` of JSON answers, as the API spells it: `application/json`
            /// for an API whose clients compare it whole. Default `application/json;
            /// charset=UTF-8`.
            json_content_type: text(), lower(json_content_type::lower_json_content_type),
                diff(Breaks);
            /// How list endpoints marked `paginated: true` are answered a page at a time.
            pagination: record(Pagination<S, F>, Pagination), lower(pagination::lower_pagination),
                diff(Rule::Paging);
            /// What a query parameter that no endpoint option and no convention names gets:
            /// `reject` (a 400 naming it, the default) or `ignore` (as many public APIs do).
            unknown_options: word(UnknownOptions), lower(), diff(OneWay { safe: "ignore" });
            /// Response headers telling a caller its quota budget, as the quota enforcers
            /// know it, on every answer after the quota check (429s included).
            rate_limit_headers: record(RateLimitHeaders<S>, RateLimitHeaders),
                lower(rate_limits::lower_rate_limit_headers), diff(FEATURE);
            /// Header carrying every request's id (`X-Request-Id`): the client's or a
            /// proxy's when it sent a sensible one, else a new one; answered in the same
            /// header, written to the access log, and given to handlers.
            request_id_header: header(), lower(), diff(HEADER);
            /// What the request ids the service makes begin with (`req_`, as Stripe's do);
            /// ids a client sent are answered as they are. Needs `request_id_header`.
            request_id_prefix: text(), lower(request_id::lower_request_id_prefix),
                diff(Unseen);
            /// Idempotency keys on `POST` and `PATCH` endpoints: the same key with the same
            /// request replays the first answer, with another request is
            /// `idempotency_key_reused` (422 unless the table says), while the first runs is
            /// `idempotency_key_in_use` (409).
            idempotency: record(IdempotencyConventions<S>, Idempotency),
                lower(idempotency::lower_idempotency), diff(FEATURE);
            /// The request bodies read: `json` (the default), `json_or_form`, `form_or_json`
            /// or `form`. A form (`application/x-www-form-urlencoded`) is read into the same
            /// types, with bracket notation (`metadata[plan]=pro`, `expand[]=a`); the first
            /// named is what the typed client sends.
            request_bodies: word(RequestBodies), lower(request_bodies::media_words),
                diff(Breaks);
            /// Whether a JSON request body must say so in its `Content-Type`: `checked` (the
            /// default: `application/json`, or a form type where forms are read, or no type
            /// with an empty body; anything else is `wrong_content_type`, whose message
            /// names the types read) or `any` (a body not read as a form is read as JSON
            /// whatever its type, as GitHub does: `curl -d '{...}'` sends a form type).
            request_content_type: word(RequestContentType), lower(),
                diff(OneWay { safe: "any" });
            /// What a request body's field that its type does not declare gets: `ignore`
            /// (the default: clients may send fields the service does not know yet) or
            /// `reject` (`invalid_input` naming the field, `{"titel": "x"}` included; the
            /// OpenAPI schemas of request types say `additionalProperties: false`). JSON and
            /// forms alike; records inside a `one_of` are matched leniently.
            unknown_fields: word(UnknownFields), lower(), diff(OneWay { safe: "ignore" });
            /// What a request without a body gets where the endpoint reads one:
            /// `empty_object` (the default: read as `{}`, which a record whose fields may
            /// all be left out accepts; its OpenAPI `requestBody` is then not `required`) or
            /// `refuse` (a 400 saying the body is missing; every body `required` but those
            /// marked `request_optional`).
            empty_request_body: word(EmptyRequestBody), lower(),
                diff(OneWay { safe: "empty_object" });
            /// What a request that sets a `read_only` field gets: `ignore` (the default: the
            /// handler sees the field's default, as if it were left out) or `refuse`
            /// (`invalid_input` naming the field).
            read_only_fields: word(ReadOnlyFields), lower(), diff(OneWay { safe: "ignore" });
            /// What `null` on a field that is `optional` but not `nullable` gets: `absent`
            /// (the default: read as if the field were left out) or `reject`
            /// (`invalid_input` naming the field: a `PATCH` of `{"title": null}` is refused
            /// rather than answered as a change of nothing).
            null_optional_fields: word(NullOptionalFields), lower(),
                diff(OneWay { safe: "absent" });
        }
    };
}

/// Expands the table into [`ConventionKeys`], its `NONE` and its `ToTokens`.
macro_rules! declare_keys {
    (
        {}
        $(
            $(#[doc = $doc:literal])*
            $field:ident $(as $yaml:literal)? : $kind:ident ($($arg:tt)*),
                lower($($lower:tt)*), diff($($rule:tt)*);
        )*
    ) => {
        /// The spec's convention keys that are one value each, as the service and its
        /// clients read them (`S = &'static str`, `F` = [`StaticFields`], in the constant
        /// generated code builds) and as the generator builds them (`String`, and a `Vec`
        /// of pagination's constant fields). What the spec leaves out is the key's default
        /// ([`ConventionKeys::NONE`] in generated code, whose unwritten keys are off).
        pub struct ConventionKeys<S = &'static str, F = StaticFields> {
            $(
                $(#[doc = $doc])*
                pub $field: declare_keys!(@type $kind ($($arg)*)),
            )*
        }

        // Written out rather than derived: `derive` does not take the fields' types as the
        // table's kinds give them.
        impl<S: Clone, F: Clone> Clone for ConventionKeys<S, F> {
            fn clone(&self) -> Self {
                ConventionKeys { $( $field: self.$field.clone(), )* }
            }
        }

        impl<S, F> ConventionKeys<S, F> {
            /// Whether every key is as in [`ConventionKeys::NONE`]: generated code then
            /// writes none of them.
            pub fn all_off(&self) -> bool {
                true $( && declare_keys!(@off $kind ($($arg)*) self.$field) )*
            }
        }

        /// Every key its default: what a spec that writes none of them has.
        impl<S, F> Default for ConventionKeys<S, F> {
            fn default() -> Self {
                ConventionKeys { $( $field: declare_keys!(@none $kind ($($arg)*)), )* }
            }
        }

        impl<S: Copy, F: Copy> Copy for ConventionKeys<S, F> {}

        impl<S: core::fmt::Debug, F: core::fmt::Debug> core::fmt::Debug for ConventionKeys<S, F> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct("ConventionKeys")
                    $( .field(stringify!($field), &self.$field) )*
                    .finish()
            }
        }

        impl ConventionKeys {
            /// Every key off: no prefixes, no parameters or headers of the runtime's own,
            /// each word its default. Generated code writes what a spec switches on and
            /// takes the rest from here (`..ConventionKeys::NONE`), so that a key added
            /// later changes nothing for the specs that do not use it.
            pub const NONE: ConventionKeys = ConventionKeys {
                $( $field: declare_keys!(@none $kind ($($arg)*)), )*
            };
        }

        /// `rt::ConventionKeys { json_prefix: Some(")]}'"), .., ..rt::ConventionKeys::NONE }`:
        /// only the keys whose value is not `NONE`'s.
        #[cfg(feature = "tokens")]
        impl<S: AsRef<str>, F: AsRef<[(S, S)]>> quote::ToTokens for ConventionKeys<S, F> {
            fn to_tokens(&self, tokens: &mut proc_macro2::TokenStream) {
                let none = ConventionKeys::NONE;
                let mut record = crate::tokens::Record::new("ConventionKeys", Some("NONE"));
                $(
                    record.field(
                        stringify!($field),
                        declare_keys!(@tokens $kind self.$field),
                        declare_keys!(@tokens $kind none.$field),
                    );
                )*
                tokens.extend(record.finish());
            }
        }
    };
    (@type text ()) => { Option<S> };
    (@type header ()) => { Option<S> };
    (@type word ($word:ty)) => { $word };
    (@type switch ($default:literal)) => { bool };
    (@type record ($record:ty, $raw:ident)) => { Option<$record> };
    (@none text ()) => { None };
    (@none header ()) => { None };
    (@none word ($word:ty)) => { <$word as SpecWords>::ALL[0].0 };
    (@none switch ($default:literal)) => { false };
    (@none record ($record:ty, $raw:ident)) => { None };
    (@off switch ($default:literal) $value:expr) => { !$value };
    (@off word ($word:ty) $value:expr) => { $value == <$word as SpecWords>::ALL[0].0 };
    (@off $kind:ident ($($arg:tt)*) $value:expr) => { $value.is_none() };
    (@tokens text $value:expr) => { crate::tokens::optional_text(&$value) };
    (@tokens header $value:expr) => { crate::tokens::optional_text(&$value) };
    (@tokens word $value:expr) => { quote::ToTokens::to_token_stream(&$value) };
    (@tokens switch $value:expr) => { quote::ToTokens::to_token_stream(&$value) };
    (@tokens record $value:expr) => {
        match &$value {
            Some(record) => quote::quote! { Some(#record) },
            None => quote::quote! { None },
        }
    };
}

convention_keys!(declare_keys! {});

#[cfg(test)]
mod tests {
    use crate::{Anonymous, ConventionKeys, RunAsConventions, UnknownOptions};

    /// The generator's form of the keys.
    type Keys = ConventionKeys<String, Vec<(String, String)>>;

    /// A spec that writes no key is `NONE`: every name left out, every word its first,
    /// every switch off.
    #[test]
    fn the_default_is_none_and_every_key_is_off() {
        let none = ConventionKeys::NONE;
        assert!(none.all_off());
        assert!(Keys::default().all_off());
        assert_eq!(none.base_path, None);
        assert_eq!(none.anonymous, Anonymous::Reads);
        assert_eq!(none.unknown_options, UnknownOptions::Reject);
        assert!(!none.security_headers);
        let on = Keys {
            security_headers: true,
            ..Keys::default()
        };
        assert!(!on.all_off());
        let worded = Keys {
            anonymous: Anonymous::All,
            ..Keys::default()
        };
        assert!(!worded.all_off());
    }

    /// Generated code writes the keys whose value is not `NONE`'s, each as its kind is
    /// written, in the table's order, and takes the rest from `NONE`.
    #[cfg(feature = "tokens")]
    #[test]
    fn a_constant_writes_only_the_keys_the_spec_sets() {
        use quote::ToTokens;
        let keys = Keys {
            json_prefix: Some(")]}'".to_owned()),
            anonymous: Anonymous::None,
            run_as: Some(RunAsConventions {
                header: "X-Run-As".to_owned(),
                capability: "runAs".to_owned(),
            }),
            security_headers: true,
            ..Keys::default()
        };
        assert_eq!(
            keys.to_token_stream().to_string(),
            "rt :: ConventionKeys { json_prefix : Some (\")]}'\") , \
             anonymous : rt :: Anonymous :: None , \
             run_as : Some (rt :: RunAsConventions { header : \"X-Run-As\" , capability : \"runAs\" }) , \
             security_headers : true , .. rt :: ConventionKeys :: NONE }"
        );
    }
}
