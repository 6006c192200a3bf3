//! Tauri commands: one core call each. The state holds the open workspace
//! (replaced when the user opens another), the loaded embedder, an optional
//! language model and the user's settings. Errors reach the UI as
//! [`UiError`] `{code, message}` built from the core's error codes.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use aurag::action::RetrievalAction;
use aurag::agent::extract::ActionResult;
use aurag::agent::thinktank::GuideRetriever;
use aurag::agent::{Agent, LlmSteps, Run, TraceStep};
use aurag::guide::Guide;
use aurag::llm::LanguageModel;
use aurag::models::{self, Manifest, PullEvent};
use aurag::sql::SqlLimits;
use aurag::store::SourceSummary;
use aurag::reembed::ReembedProgress;
use aurag::watch::{Follower, SyncReport};
use aurag::conversation::{Conversation, ConversationSummary};
use aurag::workspace::{IngestReport, Progress, Refreshed, TurnRun};
use aurag::{Embedder, SourceObject, Workspace};
use tauri::ipc::Channel;
use tokio::sync::{Mutex, RwLock};

use crate::bindings::{ModelRow, Settings, UiError, WorkspaceInfo};

fn err(code: &str, message: impl ToString) -> UiError {
    UiError { code: code.to_string(), message: message.to_string() }
}

impl From<aurag::workspace::WorkspaceError> for UiError {
    fn from(e: aurag::workspace::WorkspaceError) -> Self {
        err(e.code(), e)
    }
}

impl From<models::ModelError> for UiError {
    fn from(e: models::ModelError) -> Self {
        err(e.code(), e)
    }
}

impl From<aurag::export::ExportError> for UiError {
    fn from(e: aurag::export::ExportError) -> Self {
        err(e.code(), e)
    }
}

impl From<aurag::guide::GuideError> for UiError {
    fn from(e: aurag::guide::GuideError) -> Self {
        err(e.code(), e)
    }
}

fn task_err(e: tokio::task::JoinError) -> UiError {
    err("internal", e)
}

struct Open {
    ws: Arc<Workspace>,
}

/// The loaded language model and the file it came from.
struct LoadedLlm {
    path: String,
    model: Arc<aurag::llm::gguf::GgufModel>,
}

pub struct AppState {
    open: RwLock<Option<Open>>,
    /// Serializes opening, so a slow first open of the default workspace
    /// can never replace one the user opened meanwhile.
    opening: Mutex<()>,
    /// The workspace opened first (AURAG_WORKSPACE or the default one).
    dir: Mutex<PathBuf>,
    embedder: Mutex<Option<Arc<dyn Embedder>>>,
    llm: Mutex<Option<LoadedLlm>>,
    settings: Mutex<Settings>,
    /// Bumped by every `follow_files`: an older follower sees the change
    /// and stops, so one workspace is followed at a time.
    following: std::sync::atomic::AtomicU64,
}

fn settings_file() -> PathBuf {
    dirs::config_dir().unwrap_or_else(std::env::temp_dir).join("aurag").join("app-settings.json")
}

impl AppState {
    pub fn from_env() -> Self {
        let dir = std::env::var_os("AURAG_WORKSPACE")
            .map(PathBuf::from)
            .unwrap_or_else(|| dirs::data_dir().unwrap_or_else(std::env::temp_dir).join("aurag").join("default"));
        let settings = std::fs::read(settings_file()).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default();
        AppState { open: RwLock::new(None), opening: Mutex::new(()), dir: Mutex::new(dir), embedder: Mutex::new(None), llm: Mutex::new(None), settings: Mutex::new(settings), following: Default::default() }
    }

    /// The embedder, loaded once off the async runtime: all-MiniLM-L6-v2
    /// when installed, the hashing embedder otherwise (as the CLI does).
    async fn embedder(&self) -> Result<Arc<dyn Embedder>, UiError> {
        let mut slot = self.embedder.lock().await;
        if let Some(e) = slot.as_ref() {
            return Ok(e.clone());
        }
        let device_name = self.settings.lock().await.device.clone();
        let name = std::env::var("AURAG_EMBEDDER").unwrap_or_else(|_| "auto".into());
        let e = tokio::task::spawn_blocking(move || {
            let dev = models::device(&device_name)?;
            models::load_embedder(&name, &models::models_dir(), &dev, None)
        })
        .await
        .map_err(task_err)??;
        *slot = Some(e.clone());
        Ok(e)
    }

    async fn workspace(&self) -> Result<Arc<Workspace>, UiError> {
        if let Some(o) = self.open.read().await.as_ref() {
            return Ok(o.ws.clone());
        }
        let _opening = self.opening.lock().await;
        // Another call may have opened one while this one waited.
        if let Some(o) = self.open.read().await.as_ref() {
            return Ok(o.ws.clone());
        }
        let dir = self.dir.lock().await.clone();
        self.open_locked(&dir).await
    }

    async fn open_dir(&self, dir: &Path) -> Result<Arc<Workspace>, UiError> {
        let _opening = self.opening.lock().await;
        self.open_locked(dir).await
    }

    async fn open_locked(&self, dir: &Path) -> Result<Arc<Workspace>, UiError> {
        let embedder = self.embedder().await?;
        let s3 = self.settings.lock().await.object_store().or(aurag::store::ObjectStoreConfig::from_env());
        let ws = Arc::new(Workspace::open_location(dir, &remote_home(), &s3, embedder).await?);
        *self.open.write().await = Some(Open { ws: ws.clone() });
        *self.dir.lock().await = dir.to_path_buf();
        Ok(ws)
    }

    async fn info(&self) -> Result<WorkspaceInfo, UiError> {
        let ws = self.workspace().await?;
        let sources = ws.sources().await?;
        let guides = ws.guides().await?.len();
        Ok(WorkspaceInfo {
            dir: ws.location(),
            shared: ws.is_shared(),
            embedder: ws.embedder().id(),
            sources: sources.len(),
            files: {
                let mut f: Vec<&str> = sources.iter().map(|s| s.file.as_str()).collect();
                f.sort();
                f.dedup();
                f.len()
            },
            guides,
            sample_available: sample_dir().is_some(),
        })
    }

    /// The language model of the settings, loaded once per path.
    async fn llm(&self) -> Result<Option<Arc<aurag::llm::gguf::GgufModel>>, UiError> {
        let settings = self.settings.lock().await.clone();
        let Some(path) = settings.llm.filter(|p| !p.trim().is_empty()) else { return Ok(None) };
        let mut slot = self.llm.lock().await;
        if let Some(l) = slot.as_ref().filter(|l| l.path == path) {
            return Ok(Some(l.model.clone()));
        }
        // A GGUF path, or the name of a pulled LLM from the manifest.
        let gguf = models::resolve(Path::new(&path), models::Role::Llm, &models::models_dir()).map_err(UiError::from)?;
        let name = gguf.file_stem().and_then(|s| s.to_str()).unwrap_or("llm").to_string();
        let device_name = settings.device.clone();
        let model = tokio::task::spawn_blocking(move || {
            let dev = models::device(&device_name).map_err(UiError::from)?;
            aurag::llm::gguf::GgufModel::load(&gguf, None, &name, &dev).map_err(|e| err(e.code(), e))
        })
        .await
        .map_err(task_err)??;
        let model = Arc::new(model);
        *slot = Some(LoadedLlm { path, model: model.clone() });
        Ok(Some(model))
    }
}

/// Where shared workspaces keep what is this machine's own (see
/// `Workspace::open_remote`), as the CLI does.
fn remote_home() -> PathBuf {
    dirs::data_dir().unwrap_or_else(std::env::temp_dir).join("aurag").join("remote")
}

/// The bundled sample workspace's files: beside the installed app's
/// resources, or in the source tree when run from a checkout.
fn sample_dir() -> Option<PathBuf> {
    let candidates = [
        std::env::current_exe().ok().and_then(|e| e.parent().map(|p| p.join("sample"))),
        std::env::current_exe().ok().and_then(|e| e.parent().map(|p| p.join("../lib/aurag/sample"))),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/sample")),
    ];
    candidates.into_iter().flatten().find(|p| p.is_dir())
}

type Res<T> = Result<T, UiError>;

#[tauri::command]
pub async fn workspace_info(state: tauri::State<'_, AppState>) -> Res<WorkspaceInfo> {
    state.info().await
}

/// Opens (or creates) the workspace in `dir`: a folder, or an
/// `s3://bucket/prefix` shared on object storage (reached with the
/// settings' endpoint and credentials, else the environment's).
#[tauri::command]
pub async fn open_workspace(state: tauri::State<'_, AppState>, dir: String) -> Res<WorkspaceInfo> {
    let dir = PathBuf::from(dir.trim());
    if dir.as_os_str().is_empty() {
        return Err(err("bad_path", "give a folder, or s3://bucket/prefix, for the workspace"));
    }
    state.open_dir(&dir).await?;
    state.info().await
}

/// Opens the sample workspace and ingests the bundled sample files into it
/// (files already there are skipped as unchanged).
#[tauri::command]
pub async fn open_sample(state: tauri::State<'_, AppState>, on_progress: Channel<Progress>) -> Res<WorkspaceInfo> {
    let files = sample_dir().ok_or_else(|| err("no_sample", "the sample files are not installed with this app"))?;
    let dir = dirs::data_dir().unwrap_or_else(std::env::temp_dir).join("aurag").join("sample");
    let ws = state.open_dir(&dir).await?;
    ws.ingest(&[files], &mut |p| {
        let _ = on_progress.send(p);
    })
    .await?;
    state.info().await
}

#[tauri::command]
pub async fn list_sources(state: tauri::State<'_, AppState>) -> Res<Vec<SourceSummary>> {
    Ok(state.workspace().await?.sources().await?)
}

#[tauri::command]
pub async fn get_source(state: tauri::State<'_, AppState>, id: String) -> Res<SourceObject> {
    Ok(state.workspace().await?.get(&id).await?)
}

/// Ingests dropped or typed paths: files and folders, a result per file.
#[tauri::command]
pub async fn ingest(state: tauri::State<'_, AppState>, paths: Vec<String>, on_progress: Channel<Progress>) -> Res<IngestReport> {
    let paths: Vec<PathBuf> = paths.iter().map(|p| p.trim()).filter(|p| !p.is_empty()).map(PathBuf::from).collect();
    if paths.is_empty() {
        return Err(err("bad_path", "no file or folder given"));
    }
    let ws = state.workspace().await?;
    Ok(ws
        .ingest(&paths, &mut |p| {
            let _ = on_progress.send(p);
        })
        .await?)
}

#[tauri::command]
pub async fn remove_source(state: tauri::State<'_, AppState>, id: String) -> Res<usize> {
    Ok(state.workspace().await?.remove(&id).await?)
}

#[tauri::command]
pub async fn refresh_sources(state: tauri::State<'_, AppState>, id: Option<String>) -> Res<Vec<Refreshed>> {
    Ok(state.workspace().await?.refresh(id.as_deref()).await?)
}

/// Follows the open workspace's files until another workspace is opened or
/// `follow_files` is called again: first catches up with what changed while
/// the app was closed, then re-ingests changed files, removes deleted ones
/// and ingests new ones in ingested folders, a few hundred milliseconds
/// after they settle. Each non-empty sync goes to `on_change`.
#[tauri::command]
pub async fn follow_files(state: tauri::State<'_, AppState>, on_change: Channel<SyncReport>) -> Res<()> {
    use std::sync::atomic::Ordering;
    let me = state.following.fetch_add(1, Ordering::SeqCst) + 1;
    let ws = state.workspace().await?;
    let current = |state: &AppState| state.following.load(Ordering::SeqCst) == me;
    let (mut follower, first) = Follower::start(&ws, Duration::from_millis(300)).await?;
    if !first.is_empty() || !first.flagged_guides.is_empty() {
        let _ = on_change.send(first);
    }
    loop {
        let report = follower.poll(&ws, Duration::from_secs(1)).await?;
        let open_now = state.open.read().await.as_ref().map(|o| o.ws.clone());
        if !current(&state) || !open_now.is_some_and(|o| Arc::ptr_eq(&o, &ws)) {
            return Ok(());
        }
        if let Some(report) = report {
            if on_change.send(report).is_err() {
                return Ok(()); // the window is gone
            }
        }
    }
}

/// Re-embeds a workspace built with another embedder (the one `dir` names,
/// or the app's workspace) with the app's embedder, then opens it. The
/// store is rebuilt beside the old one and swapped in whole, so a
/// re-embedding cut short leaves the old workspace as it was.
#[tauri::command]
pub async fn reembed_workspace(state: tauri::State<'_, AppState>, dir: Option<String>, on_progress: Channel<ReembedProgress>) -> Res<WorkspaceInfo> {
    let _opening = state.opening.lock().await;
    let dir = match dir.map(|d| d.trim().to_string()).filter(|d| !d.is_empty()) {
        Some(d) => PathBuf::from(d),
        None => state.dir.lock().await.clone(),
    };
    if dir.to_str().is_some_and(aurag::store::is_remote) {
        return Err(err("unsupported", "a shared workspace on object storage cannot be re-embedded in place: open it with the embedder it was built with, or ingest into a new prefix"));
    }
    let embedder = state.embedder().await?;
    // Let go of the workspace and its follower while its store is replaced.
    state.following.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    *state.open.write().await = None;
    let (ws, _report) = Workspace::reembed(&dir, embedder, &mut |p| {
        let _ = on_progress.send(p);
    })
    .await?;
    *state.open.write().await = Some(Open { ws: Arc::new(ws) });
    *state.dir.lock().await = dir;
    drop(_opening);
    state.info().await
}

/// Answers a question; each trace step is sent on `on_step` as soon as the
/// agent has it, a language model's answer draft on `on_draft` token by
/// token, and the whole run is returned at the end.
#[tauri::command]
pub async fn ask(state: tauri::State<'_, AppState>, question: String, on_step: Channel<TraceStep>, on_draft: Channel<String>) -> Res<Run> {
    Ok(ask_with(&state, &question, on_step, on_draft, None).await?.run)
}

/// Asks `question` as the next turn of the conversation `conversation`
/// (`None`: a new one), read against the turn before; the conversation is
/// saved in the workspace.
#[tauri::command]
pub async fn ask_turn(state: tauri::State<'_, AppState>, conversation: Option<String>, question: String, on_step: Channel<TraceStep>, on_draft: Channel<String>) -> Res<TurnRun> {
    let ws = state.workspace().await?;
    let mut conv = match conversation {
        Some(id) => ws.conversation(&id)?,
        None => Conversation::new(),
    };
    ask_with(&state, &question, on_step, on_draft, Some(&mut conv)).await
}

/// The agent the settings ask for, with the run's steps and the model's
/// draft streamed to the UI; one question alone, or a conversation's turn.
async fn ask_with(state: &AppState, question: &str, on_step: Channel<TraceStep>, on_draft: Channel<String>, conversation: Option<&mut Conversation>) -> Res<TurnRun> {
    if question.trim().is_empty() {
        return Err(err("empty_question", "type a question first"));
    }
    let ws = state.workspace().await?;
    let llm = state.llm().await?;
    let (staleness, every_step) = {
        let s = state.settings.lock().await;
        (Duration::from_secs(s.staleness_secs), s.llm_every_step)
    };
    let tank = ws.think_tank().await?;
    let tank = (!tank.guides().is_empty()).then_some(tank);
    let embedder = ws.embedder().clone();
    let observer = move |s: &TraceStep| {
        let _ = on_step.send(s.clone());
    };
    // A language model's answer streams as it is written.
    let draft = move |d: &str| {
        let _ = on_draft.send(d.to_string());
    };
    let mut agent = match llm.as_deref() {
        Some(m) => Agent::with_llm_steps(embedder.as_ref(), None, m as &dyn LanguageModel, if every_step { LlmSteps::ALL } else { LlmSteps::ANSWER }),
        None => Agent::deterministic(embedder.as_ref(), None),
    };
    agent.observer = Some(&observer);
    agent.on_answer_text = Some(&draft);
    let tank_ref = tank.as_deref().map(|t| t as &dyn GuideRetriever);
    match conversation {
        Some(conv) => Ok(ws.ask_turn(&agent, conv, question, tank_ref, staleness).await?),
        None => {
            let run = ws.ask(&agent, question, tank_ref, staleness).await?;
            let reading = aurag::conversation::Reading { kind: aurag::conversation::FollowUpKind::New, read_as: question.to_string(), how: String::new() };
            Ok(TurnRun { conversation: String::new(), reading, run })
        }
    }
}

/// The file a source object came from, as raw bytes (an ArrayBuffer in the
/// UI): the PDF viewer draws the cited page from it.
#[tauri::command]
pub async fn source_file(state: tauri::State<'_, AppState>, id: String) -> Res<tauri::ipc::Response> {
    Ok(tauri::ipc::Response::new(state.workspace().await?.source_file(&id).await?))
}

/// A saved conversation (or its turn `turn`, 1-based) as Markdown with
/// its citations: what Copy and Save write.
#[tauri::command]
pub async fn conversation_markdown(state: tauri::State<'_, AppState>, id: String, turn: Option<u32>) -> Res<String> {
    let conv = state.workspace().await?.conversation(&id)?;
    Ok(aurag::export::markdown(&conv, turn.map(|t| t as usize))?)
}

/// Writes an export (Markdown, CSV) to the file the user named; an
/// existing file only when `replace`.
#[tauri::command]
pub async fn save_text(path: String, text: String, replace: bool) -> Res<u64> {
    let path = PathBuf::from(path.trim());
    Ok(tokio::task::spawn_blocking(move || aurag::export::save_text(&path, &text, replace)).await.map_err(task_err)??)
}

/// The workspace's saved conversations, the latest first.
#[tauri::command]
pub async fn list_conversations(state: tauri::State<'_, AppState>) -> Res<Vec<ConversationSummary>> {
    Ok(state.workspace().await?.conversations()?)
}

#[tauri::command]
pub async fn get_conversation(state: tauri::State<'_, AppState>, id: String) -> Res<Conversation> {
    Ok(state.workspace().await?.conversation(&id)?)
}

#[tauri::command]
pub async fn remove_conversation(state: tauri::State<'_, AppState>, id: String) -> Res<bool> {
    Ok(state.workspace().await?.remove_conversation(&id)?)
}

/// Runs one retrieval action by hand (the Record view and the viewers).
#[tauri::command]
pub async fn act(state: tauri::State<'_, AppState>, action: RetrievalAction) -> Res<ActionResult> {
    Ok(state.workspace().await?.act(&action, &SqlLimits::default()).await?)
}

#[tauri::command]
pub async fn list_guides(state: tauri::State<'_, AppState>) -> Res<Vec<Guide>> {
    Ok(state.workspace().await?.guides().await?)
}

/// Stores a guide (new, or edited: the same id replaces it) and returns its id.
#[tauri::command]
pub async fn save_guide(state: tauri::State<'_, AppState>, guide: Guide) -> Res<String> {
    let ids = state.workspace().await?.add_guides(vec![guide]).await?;
    ids.into_iter().next().ok_or_else(|| err("internal", "the guide was not stored"))
}

#[tauri::command]
pub async fn remove_guides(state: tauri::State<'_, AppState>, ids: Vec<String>) -> Res<usize> {
    Ok(state.workspace().await?.remove_guides(&ids).await?)
}

/// Imports guides from a JSON, JSON-array or JSON-lines file.
#[tauri::command]
pub async fn import_guides(state: tauri::State<'_, AppState>, path: String) -> Res<Vec<String>> {
    let path = path.trim();
    let bytes = std::fs::read(path).map_err(|e| err("io", format!("{path}: {e}")))?;
    let guides = aurag::guide::parse_guides(&bytes, path)?;
    Ok(state.workspace().await?.add_guides(guides).await?)
}

/// Writes every guide to `path` as a JSON array; returns how many.
#[tauri::command]
pub async fn export_guides(state: tauri::State<'_, AppState>, path: String) -> Res<usize> {
    let guides = state.workspace().await?.guides().await?;
    let json = serde_json::to_string_pretty(&guides).map_err(|e| err("internal", e))?;
    std::fs::write(path.trim(), json).map_err(|e| err("io", format!("{}: {e}", path.trim())))?;
    Ok(guides.len())
}

/// Turns a recorded session into a guide (not stored: the UI shows it for
/// editing, then calls `save_guide`).
#[tauri::command]
pub async fn record_guide(state: tauri::State<'_, AppState>, question: String, actions: Vec<RetrievalAction>, answer: Option<String>, author: String) -> Res<Guide> {
    let answer = answer.filter(|a| !a.trim().is_empty());
    Ok(state.workspace().await?.record_guide(&question, &actions, answer, &author, &SqlLimits::default()).await?)
}

#[tauri::command]
pub async fn models_list() -> Res<Vec<ModelRow>> {
    let manifest = Manifest::builtin();
    let dir = models::models_dir();
    tokio::task::spawn_blocking(move || {
        manifest
            .models
            .iter()
            .map(|spec| {
                let files = models::verify(spec, &dir);
                // Installed = every file verified (hashed once, here).
                let installed = files.iter().all(|f| f.ok);
                ModelRow { name: spec.name.clone(), role: spec.role, license: spec.license.clone(), installed, files }
            })
            .collect()
    })
    .await
    .map_err(task_err)
}

#[tauri::command]
pub async fn models_pull(name: String, on_progress: Channel<PullEvent>) -> Res<()> {
    let manifest = Manifest::builtin();
    let spec = manifest.get(&name)?.clone();
    models::pull(&spec, &models::models_dir(), &mut |e| {
        let _ = on_progress.send(e);
    })
    .await?;
    Ok(())
}

#[tauri::command]
pub async fn get_settings(state: tauri::State<'_, AppState>) -> Res<Settings> {
    Ok(state.settings.lock().await.clone())
}

/// Saves the settings; a changed device reloads the models on next use.
#[tauri::command]
pub async fn set_settings(state: tauri::State<'_, AppState>, settings: Settings) -> Res<Settings> {
    models::device(&settings.device)?;
    let mut cur = state.settings.lock().await;
    if cur.device != settings.device {
        *state.llm.lock().await = None;
    }
    *cur = settings.clone();
    let file = settings_file();
    if let Some(d) = file.parent() {
        let _ = std::fs::create_dir_all(d);
    }
    write_private(&file, &serde_json::to_vec_pretty(&settings).map_err(|e| err("internal", e))?).map_err(|e| err("io", format!("{}: {e}", file.display())))?;
    Ok(settings)
}

/// Writes `bytes` to `file` readable and writable by this user only (the
/// settings may hold object-storage credentials), through a temporary file
/// renamed over it, so a crash leaves the old settings whole.
fn write_private(file: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let tmp = file.with_extension("json.tmp");
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
    let mut f = opts.open(&tmp)?;
    #[cfg(unix)]
    std::fs::set_permissions(&tmp, std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
    f.write_all(bytes)?;
    f.sync_all()?;
    std::fs::rename(&tmp, file)
}
