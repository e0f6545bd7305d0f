//! Every test of this crate, in one binary: the workspace is linked once instead of once
//! per file. Each area is a module; run one with a filter (`cargo test -p restspec-tests
//! --test suite conventions::`).

mod conventions;
mod diff;
mod diff_fields;
mod diff_parameters;
mod diff_words;
mod docs_page;
mod example;
mod example_errors;
mod extends;
mod field_rules;
mod front_doors;
mod hostile_specs;
mod import;
mod import_all_of;
mod import_bodies;
mod import_closed;
mod import_defaults;
mod import_discriminators;
mod import_error_records;
mod import_errors;
mod import_examples;
mod import_families;
mod import_headers;
mod import_lists;
mod import_nullable;
mod import_parameters;
mod import_security;
mod import_selectors;
mod import_shapes;
mod metrics;
mod mock;
mod openapi;
mod otlp;
mod quota;
mod schema;
mod sections;
mod shared_code;
mod snapshots;
mod spec_errors;
mod spec_examples;
mod standalone_client;
mod tagged_unions;
mod untagged_unions;
