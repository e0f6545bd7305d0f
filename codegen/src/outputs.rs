//! What a spec is generated into: the server, a typed client, or both in one module.

/// The outputs generated from one spec. The request and response types (and the status
/// table's `Error`) are generated once and shared when both are on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outputs {
    /// The handler traits, the router and the service description.
    pub server: bool,
    /// The `client` module (needs `restspec-runtime`'s `client` feature).
    pub client: bool,
}

impl Outputs {
    /// The server alone (the default).
    pub const SERVER: Outputs = Outputs {
        server: true,
        client: false,
    };
    /// The client alone, with the types it needs.
    pub const CLIENT: Outputs = Outputs {
        server: false,
        client: true,
    };
    /// Both, sharing the types.
    pub const BOTH: Outputs = Outputs {
        server: true,
        client: true,
    };
}

impl Default for Outputs {
    fn default() -> Self {
        Outputs::SERVER
    }
}
