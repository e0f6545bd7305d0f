//! Examples in the model: requests with what they must answer, lowered from the spec and
//! checked against the endpoints and types. Each becomes a test and an OpenAPI example.

use super::Method;
use crate::diag::Location;

/// An example of an endpoint.
#[derive(Debug, Clone)]
pub struct Example {
    /// What it shows, as written.
    pub name: String,
    /// The name of its test function: the endpoint's name, then the example's in snake case.
    pub test_name: String,
    /// Requests sent first; each must succeed.
    pub setup: Vec<ExampleRequest>,
    /// The request (its method is the endpoint's).
    pub request: ExampleRequest,
    /// What the request must answer.
    pub response: ExampleResponse,
    /// Where the example is written.
    pub location: Location,
}

/// A request of an example.
#[derive(Debug, Clone)]
pub struct ExampleRequest {
    /// The method.
    pub method: Method,
    /// The path with its ids.
    pub path: String,
    /// Query parameters, in order.
    pub query: Vec<(String, String)>,
    /// Request headers, in order.
    pub headers: Vec<(String, String)>,
    /// The JSON body.
    pub body: Option<serde_json::Value>,
    /// Where the body is written (for messages about it).
    pub body_location: Option<Location>,
    /// The user it is sent as; anonymous when `None`.
    pub user: Option<String>,
    /// Where its path is written.
    pub location: Location,
}

/// What an example's request must answer.
#[derive(Debug, Clone)]
pub struct ExampleResponse {
    /// The status code.
    pub status: u16,
    /// Where the status is written.
    pub status_location: Location,
    /// Headers that must be present with these values.
    pub headers: Vec<(String, String)>,
    /// The whole JSON body.
    pub body: Option<serde_json::Value>,
    /// Top-level fields of the JSON body, each with where it is written.
    pub fields: Vec<(String, serde_json::Value, Location)>,
    /// Where the body is written.
    pub body_location: Option<Location>,
    /// The whole plaintext body.
    pub text: Option<String>,
    /// Where the plaintext body is written.
    pub text_location: Option<Location>,
    /// The quota group the request must be charged to, with where it is written.
    pub quota_group: Option<(String, Location)>,
}
