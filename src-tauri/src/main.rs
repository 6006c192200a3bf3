//! The desktop shell. It holds no business logic: each command maps onto one
//! `aurag::Workspace` call and returns its result, or an error as a stable
//! code plus a message, so the UI never matches strings.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use std::path::PathBuf;
use std::sync::Arc;

use aurag::store::SourceSummary;
use aurag::{HashingEmbedder, Workspace};
use serde::Serialize;
use tokio::sync::OnceCell;

/// An error as the UI receives it.
#[derive(Debug, Serialize)]
struct UiError {
    code: String,
    message: String,
}

impl From<aurag::workspace::WorkspaceError> for UiError {
    fn from(e: aurag::workspace::WorkspaceError) -> Self {
        UiError { code: e.code().to_string(), message: e.to_string() }
    }
}

struct AppState {
    dir: PathBuf,
    ws: OnceCell<Workspace>,
}

impl AppState {
    async fn workspace(&self) -> Result<&Workspace, UiError> {
        self.ws
            .get_or_try_init(|| Workspace::open(&self.dir, Arc::new(HashingEmbedder::default())))
            .await
            .map_err(UiError::from)
    }
}

#[tauri::command]
async fn list_sources(state: tauri::State<'_, AppState>) -> Result<Vec<SourceSummary>, UiError> {
    Ok(state.workspace().await?.sources().await?)
}

fn main() {
    let dir = std::env::var_os("AURAG_WORKSPACE")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("aurag-app"));
    tauri::Builder::default()
        .manage(AppState { dir, ws: OnceCell::new() })
        .invoke_handler(tauri::generate_handler![list_sources])
        .run(tauri::generate_context!())
        .unwrap_or_else(|e| {
            eprintln!("aurag app failed to start: {e}");
            std::process::exit(1);
        });
}
