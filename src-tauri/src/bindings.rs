//! The app's own types, and the list of every type the UI receives or
//! sends. The TypeScript in `ui/src/bindings/` is generated from them by
//! ts-rs (`bash scripts/bindings.sh`); the test below regenerates them into
//! a temporary folder and fails when the committed files differ, so the UI
//! can never compile against stale types.

use aurag::models::FileStatus;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// An error as the UI receives it: match on `code`, show `message`.
#[derive(Debug, Serialize, TS)]
pub struct UiError {
    pub code: String,
    pub message: String,
}

/// The open workspace at a glance.
#[derive(Debug, Serialize, TS)]
pub struct WorkspaceInfo {
    /// Its folder, or its `s3://` prefix when shared.
    pub dir: String,
    /// Whether its store is shared on object storage.
    pub shared: bool,
    pub embedder: String,
    pub sources: usize,
    pub files: usize,
    pub guides: usize,
    /// Whether the bundled sample files can be opened.
    pub sample_available: bool,
}

/// One model of the manifest and the state of its files here.
#[derive(Debug, Serialize, TS)]
pub struct ModelRow {
    pub name: String,
    pub role: aurag::models::Role,
    pub license: String,
    pub installed: bool,
    pub files: Vec<FileStatus>,
}

/// The user's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct Settings {
    /// `cpu`, `cuda`, `metal` or `auto`.
    pub device: String,
    /// A GGUF instruction model (its own tokenizer and template); none: every
    /// agent step is deterministic.
    pub llm: Option<String>,
    /// Whether the language model also reads the question, judges the
    /// sources and picks the evidence; off, it writes the answer (and table
    /// SQL where the parser is unsure) after the deterministic steps, so the
    /// answer starts in about a second instead of ten on two cores.
    pub llm_every_step: bool,
    /// Dynamic (SQLite) sources older than this are refreshed before use.
    #[ts(type = "number")]
    pub staleness_secs: u64,
    /// A shared workspace (`s3://bucket/prefix`): the S3-compatible
    /// endpoint (empty: AWS itself, or `AURAG_S3_ENDPOINT`).
    pub s3_endpoint: String,
    /// Its region (empty: `AWS_REGION`, else us-east-1).
    pub s3_region: String,
    /// Its credentials (empty: `AWS_ACCESS_KEY_ID` and
    /// `AWS_SECRET_ACCESS_KEY`, else the AWS default chain). The settings
    /// file holding them is readable by this user only.
    pub s3_access_key_id: String,
    pub s3_secret_access_key: String,
}

impl Settings {
    /// The object-store fields, blank ones left for the environment.
    pub fn object_store(&self) -> aurag::store::ObjectStoreConfig {
        let some = |v: &str| Some(v.trim().to_string()).filter(|v| !v.is_empty());
        aurag::store::ObjectStoreConfig {
            endpoint: some(&self.s3_endpoint),
            region: some(&self.s3_region),
            access_key_id: some(&self.s3_access_key_id),
            secret_access_key: some(&self.s3_secret_access_key),
            session_token: None,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            device: "cpu".into(),
            llm: None,
            llm_every_step: false,
            staleness_secs: 300,
            s3_endpoint: String::new(),
            s3_region: String::new(),
            s3_access_key_id: String::new(),
            s3_secret_access_key: String::new(),
        }
    }
}

/// Writes the TypeScript of every type the UI uses into `dir`.
#[cfg(test)]
pub fn export_all(dir: &std::path::Path) -> Result<(), ts_rs::ExportError> {
    UiError::export_all_to(dir)?;
    WorkspaceInfo::export_all_to(dir)?;
    ModelRow::export_all_to(dir)?;
    Settings::export_all_to(dir)?;
    aurag::store::SourceSummary::export_all_to(dir)?;
    aurag::SourceObject::export_all_to(dir)?;
    aurag::workspace::IngestReport::export_all_to(dir)?;
    aurag::workspace::Progress::export_all_to(dir)?;
    aurag::workspace::Refreshed::export_all_to(dir)?;
    aurag::watch::SyncReport::export_all_to(dir)?;
    aurag::reembed::ReembedProgress::export_all_to(dir)?;
    aurag::agent::Run::export_all_to(dir)?;
    aurag::workspace::TurnRun::export_all_to(dir)?;
    aurag::conversation::Conversation::export_all_to(dir)?;
    aurag::conversation::ConversationSummary::export_all_to(dir)?;
    aurag::agent::TraceStep::export_all_to(dir)?;
    aurag::agent::extract::ActionResult::export_all_to(dir)?;
    aurag::action::RetrievalAction::export_all_to(dir)?;
    aurag::guide::Guide::export_all_to(dir)?;
    aurag::models::PullEvent::export_all_to(dir)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::{Path, PathBuf};

    fn files(dir: &Path) -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if name.ends_with(".ts") {
                out.insert(name, std::fs::read_to_string(e.path()).unwrap_or_default());
            }
        }
        out
    }

    /// `AURAG_WRITE_BINDINGS=1` rewrites the committed bindings instead.
    #[test]
    fn committed_bindings_match_the_rust_types() {
        let committed = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ui/src/bindings");
        if std::env::var_os("AURAG_WRITE_BINDINGS").is_some() {
            let _ = std::fs::remove_dir_all(&committed);
            super::export_all(&committed).expect("export bindings");
            return;
        }
        let fresh = std::env::temp_dir().join(format!("aurag-bindings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&fresh);
        super::export_all(&fresh).expect("export bindings");
        let (want, have) = (files(&fresh), files(&committed));
        let _ = std::fs::remove_dir_all(&fresh);
        assert!(!want.is_empty(), "no bindings were generated");
        let stale: Vec<&String> = want.keys().filter(|k| have.get(*k) != want.get(*k)).collect();
        let extra: Vec<&String> = have.keys().filter(|k| !want.contains_key(*k)).collect();
        assert!(stale.is_empty() && extra.is_empty(), "ui/src/bindings drifted from the Rust types (run `bash scripts/bindings.sh`): changed or missing {stale:?}, no longer generated {extra:?}");
    }

    /// The shell's security settings (issue: reliability and security):
    /// scripts only from the app itself, no remote URLs, and the main
    /// window limited to the core permissions it uses.
    #[test]
    fn csp_and_capabilities_are_strict() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let conf: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(root.join("tauri.conf.json")).unwrap()).unwrap();
        let csp = conf["app"]["security"]["csp"].as_str().expect("a CSP is set");
        let directive = |name: &str| csp.split(';').map(str::trim).find(|d| d.starts_with(name)).unwrap_or_default().to_string();
        let script = directive("script-src");
        assert!(!script.is_empty(), "script-src is set: {csp}");
        for bad in ["unsafe-inline", "unsafe-eval", "http:", "https:", "*"] {
            assert!(!script.contains(bad), "script-src allows {bad}: {csp}");
        }
        assert!(directive("default-src").contains("'self'") && !directive("default-src").contains('*'), "default-src is 'self': {csp}");
        assert!(!directive("connect-src").contains("https:"), "no remote connections: {csp}");
        assert!(conf["build"]["devUrl"].is_null() || conf["build"]["devUrl"].as_str().unwrap().starts_with("http://localhost"), "dev server is local");
        let dist = conf["build"]["frontendDist"].as_str().expect("frontendDist");
        assert!(!dist.starts_with("http"), "the UI is bundled, not loaded from {dist}");
        for w in conf["app"]["windows"].as_array().unwrap() {
            assert!(w["url"].as_str().is_none_or(|u| !u.starts_with("http")), "no window loads a remote URL");
        }
        let cap: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(root.join("capabilities/default.json")).unwrap()).unwrap();
        let perms: Vec<&str> = cap["permissions"].as_array().unwrap().iter().filter_map(|p| p.as_str()).collect();
        for p in &perms {
            assert!(p.starts_with("core:"), "only core permissions, no plugin (shell, fs, http): {p}");
        }
        assert!(cap["remote"].is_null(), "no remote origin may use the IPC");
    }
}
