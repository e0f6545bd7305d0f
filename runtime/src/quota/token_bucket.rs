//! A per-user, per-rule token-bucket quota enforcer configured from YAML.
