//! The desktop shell. It holds no business logic: each command maps onto
//! one `aurag::Workspace` (or `aurag::models`) call and returns its result,
//! or an error as a stable code plus a message, so the UI never matches
//! strings. Long work (ingestion, answering, model pulls) streams its
//! progress through Tauri channels: ingest progress per file, each trace
//! step of a run as soon as the agent finishes it, download bytes.
//!
//! The types the UI receives are generated as TypeScript from these Rust
//! types (ts-rs) into `ui/src/bindings/`; `bindings::tests` fails when the
//! committed files drift from the Rust types.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod bindings;
mod commands;

fn main() {
    let state = commands::AppState::from_env();
    tauri::Builder::default()
        .manage(state)
        .invoke_handler(tauri::generate_handler![
            commands::workspace_info,
            commands::open_workspace,
            commands::open_sample,
            commands::list_sources,
            commands::get_source,
            commands::source_file,
            commands::ingest,
            commands::remove_source,
            commands::refresh_sources,
            commands::follow_files,
            commands::reembed_workspace,
            commands::ask,
            commands::ask_turn,
            commands::list_conversations,
            commands::get_conversation,
            commands::remove_conversation,
            commands::conversation_markdown,
            commands::save_text,
            commands::act,
            commands::list_guides,
            commands::save_guide,
            commands::remove_guides,
            commands::import_guides,
            commands::export_guides,
            commands::record_guide,
            commands::models_list,
            commands::models_pull,
            commands::get_settings,
            commands::set_settings,
        ])
        .run(tauri::generate_context!())
        .unwrap_or_else(|e| {
            eprintln!("aurag app failed to start: {e}");
            std::process::exit(1);
        });
}
