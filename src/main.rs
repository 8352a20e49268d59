//! The Kawu game client.

fn main() -> bevy::app::AppExit {
    kawu::client::run()
}
