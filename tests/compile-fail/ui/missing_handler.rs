// A handler method left out of its family's impl: rustc's E0046 note shows the method's
// signature to write, from the file the macro wrote its code to (as the build-script door
// shows it), not the macro call.
restspec_runtime::generate!(mod api = "missing_handler");

struct Service;

impl api::ThingsHandlers for Service {}

fn main() {
    let _service = api::router(Service, restspec_runtime::Settings::default());
}
