//! An endpoint's examples as written: the request, what it must answer, and the requests
//! that run first.

use crate::read::decode::{Named, ScalarText, Spanned, StatusCode, spec_record};
use crate::read::yaml::Node;

spec_record! {
    /// An example of an endpoint: a request, what it must answer, and the requests that
    /// run first to make what it reads.
    pub struct Example = "an example" {
        /// What the example shows, in a few words (`reads back a topic`); names its test.
        req name: Spanned<String>,
        /// Requests sent first, in order; each must succeed (2xx).
        opt setup: Vec<ExampleRequest>,
        /// The request; its method is the endpoint's.
        req request: ExampleRequest,
        /// What the request must answer.
        req response: ExampleResponse,
    }
}

spec_record! {
    /// A request of an example.
    pub struct ExampleRequest = "an example request" {
        /// The method: set-up steps only (the example's own request uses its endpoint's).
        opt method: Spanned<String>,
        /// The path with its ids filled in (`/a/changes/demo~1/topic`), without the base path.
        req path: Spanned<String>,
        /// Query parameters, by name (`{ n: 2 }`).
        opt query: Named<ScalarText>,
        /// Request headers, by name.
        opt headers: Named<ScalarText>,
        /// The JSON body, written as YAML.
        opt body: Node,
        /// The user the request is sent as, with HTTP basic authentication and the password
        /// the test's start function registered; leave out for an anonymous request.
        opt user: Spanned<String>,
    }
}

spec_record! {
    /// What an example's request must answer. Leave out what should not be compared.
    pub struct ExampleResponse = "an example response" {
        /// The status code.
        req status: Spanned<StatusCode>,
        /// Response headers that must be present with these values.
        opt headers: Named<ScalarText>,
        /// The whole JSON body (the JSON prefix line removed), written as YAML.
        opt body: Node,
        /// Top-level fields of the JSON body that must have these values; the others are
        /// not compared.
        opt fields: Named<Node>,
        /// The whole plaintext body (an error's message).
        opt text: Spanned<String>,
        /// The quota group the request must be charged to.
        opt quota_group: Spanned<String>,
    }
}
