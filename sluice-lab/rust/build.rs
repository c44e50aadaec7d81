// Hands the versions of the locked tokio-postgres and tokio, and of rustc, to the peer's
// description line (the lab's report names every interface's versions).
fn main() {
    println!("cargo:rerun-if-changed=Cargo.lock");
    let lock = std::fs::read_to_string("Cargo.lock").unwrap_or_default();
    for (package, var) in [("tokio-postgres", "TOKIO_POSTGRES_VERSION"), ("tokio", "TOKIO_VERSION")] {
        let needle = format!("name = \"{package}\"\nversion = \"");
        let version = lock
            .find(&needle)
            .map(|i| &lock[i + needle.len()..])
            .and_then(|rest| rest.split('"').next())
            .unwrap_or("?");
        println!("cargo:rustc-env={var}={version}");
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.split_whitespace().nth(1).map(str::to_string))
        .unwrap_or_else(|| "?".into());
    println!("cargo:rustc-env=RUSTC_VERSION={version}");
}
