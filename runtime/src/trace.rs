//! Request tracing: trace ids and the per-request debug log.
