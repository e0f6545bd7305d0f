//! How requests are read: which bodies (`request_bodies`), whether their `Content-Type` is
//! checked (`request_content_type`), and what undeclared query parameters
//! (`unknown_options`), undeclared or read-only body fields (`unknown_fields`,
//! `read_only_fields`), `null` on optional fields (`null_optional_fields`) and missing
//! bodies (`empty_request_body`) get.

spec_words! {
    /// The request bodies a service reads (`conventions.request_bodies`), and the one its
    /// typed client sends.
    pub enum RequestBodies {
        /// JSON only (the default).
        Json = "json",
        /// JSON, or `application/x-www-form-urlencoded`; the client sends JSON.
        JsonOrForm = "json_or_form",
        /// A form, or JSON; the client sends a form.
        FormOrJson = "form_or_json",
        /// A form only.
        Form = "form",
    }
}

/// `application/json`, as a request body's media type.
pub const JSON_MEDIA: &str = "application/json";
/// `application/x-www-form-urlencoded`, a form's media type.
pub const FORM_MEDIA: &str = "application/x-www-form-urlencoded";

impl RequestBodies {
    /// The media types read, in the order the spec's word names them (the typed client
    /// sends the first).
    pub fn media_types(self) -> &'static [&'static str] {
        match self {
            RequestBodies::Json => &[JSON_MEDIA],
            RequestBodies::JsonOrForm => &[JSON_MEDIA, FORM_MEDIA],
            RequestBodies::FormOrJson => &[FORM_MEDIA, JSON_MEDIA],
            RequestBodies::Form => &[FORM_MEDIA],
        }
    }

    /// True when form-encoded bodies are read.
    pub fn reads_form(self) -> bool {
        self != RequestBodies::Json
    }

    /// True when JSON bodies are read.
    pub fn reads_json(self) -> bool {
        self != RequestBodies::Form
    }

    /// True when the typed client sends forms.
    pub fn sends_form(self) -> bool {
        matches!(self, RequestBodies::FormOrJson | RequestBodies::Form)
    }

    /// The media types read, in the spec's order, for the message of a body of another
    /// type (`Expected Content-Type: application/x-www-form-urlencoded or application/json`).
    pub fn expected(self) -> &'static str {
        match self {
            RequestBodies::Json => "Expected Content-Type: application/json",
            RequestBodies::JsonOrForm => {
                "Expected Content-Type: application/json or application/x-www-form-urlencoded"
            }
            RequestBodies::FormOrJson => {
                "Expected Content-Type: application/x-www-form-urlencoded or application/json"
            }
            RequestBodies::Form => "Expected Content-Type: application/x-www-form-urlencoded",
        }
    }
}

spec_words! {
    /// Whether a JSON request body must say so in its `Content-Type`
    /// (`conventions.request_content_type`).
    pub enum RequestContentType {
        /// `application/json` (or, where forms are read, a form type) or nothing at all
        /// with an empty body; anything else is `wrong_content_type` (the default).
        Checked = "checked",
        /// A body not read as a form is read as JSON whatever its `Content-Type` says, as
        /// some public APIs do (`curl -d '{...}'` sends a form type).
        Any = "any",
    }
}

spec_words! {
    /// What a request without a body gets where its endpoint reads one
    /// (`conventions.empty_request_body`); an endpoint whose body is `request_optional`
    /// gets `None` either way.
    pub enum EmptyRequestBody {
        /// Read as `{}` (the default): a record whose fields may all be left out is one.
        EmptyObject = "empty_object",
        /// Refused: a 400 saying the body is missing.
        Refuse = "refuse",
    }
}

spec_words! {
    /// What a field of a request body that its record does not declare gets
    /// (`conventions.unknown_fields`).
    pub enum UnknownFields {
        /// Nothing: it is ignored (the default; protocols that let clients send fields a
        /// service does not know yet).
        Ignore = "ignore",
        /// `invalid_input` naming it: a misspelt field is a mistake worth reporting.
        Reject = "reject",
    }
}

spec_words! {
    /// What a query parameter an endpoint does not declare gets
    /// (`conventions.unknown_options`).
    pub enum UnknownOptions {
        /// A 400 naming it (the default: a misspelt option is a mistake worth reporting).
        Reject = "reject",
        /// Nothing: it is ignored, as many public APIs do.
        Ignore = "ignore",
    }
}

spec_words! {
    /// What a request that sets a `read_only` field gets (`conventions.read_only_fields`);
    /// the generated request types apply it, so the runtime does not read it.
    pub enum ReadOnlyFields {
        /// The value is ignored (the default).
        Ignore = "ignore",
        /// The request is refused, naming the field.
        Refuse = "refuse",
    }
}

spec_words! {
    /// What `null` on an optional field that is not nullable gets
    /// (`conventions.null_optional_fields`); the generated request types apply it.
    pub enum NullOptionalFields {
        /// Read as left out (the default).
        Absent = "absent",
        /// Refused, naming the field.
        Reject = "reject",
    }
}
