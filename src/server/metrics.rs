//! What an operator reads at `GET /metrics`, in Prometheus's text format: one registry per
//! server (so servers in one process, as in the tests, count apart).

use crate::protocol::ErrorCode;
use crate::rules::GameKind;
use prometheus::core::Collector;
use prometheus::{
    Histogram, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, IntGaugeVec, Opts,
    Registry, TextEncoder,
};

/// The server's counters, gauges and histograms. Each handle is cheap to clone and shares its
/// value with the registry.
#[derive(Clone)]
pub struct Metrics {
    registry: Registry,
    /// Open WebSockets (set from the server's own count as the page is read).
    pub connections: IntGauge,
    /// Rooms this node holds, by game (likewise).
    pub rooms: IntGaugeVec,
    /// Actions played and stored, by game (the computer's too).
    pub actions: IntCounterVec,
    /// Requests refused, by error code.
    pub refusals: IntCounterVec,
    /// From a room taking up an action to its event being stored and sent, by game.
    pub action_seconds: HistogramVec,
    /// Moves the server's computer seats chose.
    pub computer_moves: IntCounter,
    /// Computer searches waiting for a free thinker.
    pub computer_queue: IntGauge,
    /// How long a room's write to the database took, from asking to its commit.
    pub commit_seconds: Histogram,
    /// Notices this node sent the other nodes (events stored, presence, heartbeats …).
    pub notices_sent: IntCounter,
    /// Notices heard from the cluster, by kind (this node's own events among them).
    pub notices_heard: IntCounterVec,
    /// Heartbeats heard from other nodes.
    pub heartbeats_heard: IntCounter,
    /// Other nodes heard from in the last few seconds.
    pub nodes_alive: IntGauge,
    /// Pictures of finished games drawn (not those served from the cache).
    pub pictures_drawn: IntCounter,
    /// Picture requests refused with 503: every place to draw was taken.
    pub pictures_refused: IntCounter,
    /// Pictures being loaded and drawn now (at most the places to draw).
    pub pictures_drawing: IntGauge,
}

/// Latency buckets, in seconds: from 0.1 ms to 2.5 s.
const LATENCY_BUCKETS: &[f64] = &[
    0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

impl Metrics {
    /// A new registry with every metric at zero.
    pub fn new() -> Metrics {
        let registry = Registry::new();
        let opts = |name: &str, help: &str| Opts::new(name, help).namespace("kawu");
        let latency = |name: &str, help: &str| {
            HistogramOpts::new(name, help)
                .namespace("kawu")
                .buckets(LATENCY_BUCKETS.to_vec())
        };
        let gauge = |name, help| register(&registry, IntGauge::with_opts(opts(name, help)));
        let counter = |name, help| register(&registry, IntCounter::with_opts(opts(name, help)));
        let counters =
            |name, help, label| register(&registry, IntCounterVec::new(opts(name, help), &[label]));
        Metrics {
            connections: gauge("connections", "Open WebSockets"),
            rooms: register(
                &registry,
                IntGaugeVec::new(opts("rooms", "Rooms held by this node, by game"), &["game"]),
            ),
            actions: counters(
                "actions_total",
                "Actions played and stored, by game",
                "game",
            ),
            refusals: counters("refusals_total", "Requests refused, by error code", "code"),
            action_seconds: register(
                &registry,
                HistogramVec::new(
                    latency(
                        "action_seconds",
                        "From a room taking up an action to its event stored and sent",
                    ),
                    &["game"],
                ),
            ),
            computer_moves: counter("computer_moves_total", "Moves the computer seats chose"),
            computer_queue: gauge(
                "computer_queue",
                "Computer searches waiting for a free thinker",
            ),
            commit_seconds: register(
                &registry,
                Histogram::with_opts(latency(
                    "commit_seconds",
                    "A room's write to the database, from asking to its commit",
                )),
            ),
            notices_sent: counter(
                "cluster_notices_sent_total",
                "Notices sent to the other nodes",
            ),
            notices_heard: counters(
                "cluster_notices_heard_total",
                "Notices heard, by kind",
                "kind",
            ),
            heartbeats_heard: counter(
                "cluster_heartbeats_heard_total",
                "Heartbeats heard from other nodes",
            ),
            nodes_alive: gauge("cluster_nodes_alive", "Other nodes heard from lately"),
            pictures_drawn: counter("pictures_drawn_total", "Pictures of finished games drawn"),
            pictures_refused: counter(
                "pictures_refused_total",
                "Picture requests refused while every place to draw was taken",
            ),
            pictures_drawing: gauge("pictures_drawing", "Pictures being loaded and drawn now"),
            registry,
        }
    }

    /// Every metric in Prometheus's text format.
    pub fn render(&self) -> String {
        TextEncoder::new()
            .encode_to_string(&self.registry.gather())
            .unwrap_or_else(|error| format!("# cannot encode the metrics: {error}\n"))
    }

    /// Counts a refusal of `code`.
    pub fn refused(&self, code: ErrorCode) {
        self.refusals.with_label_values(&[error_label(code)]).inc();
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

/// A game's label: `junqi`, `xiangqi`, `qiguo` or `junqi_classic`.
pub fn game_label(game: GameKind) -> &'static str {
    match game {
        GameKind::Junqi => "junqi",
        GameKind::Xiangqi => "xiangqi",
        GameKind::Qiguo => "qiguo",
        GameKind::JunqiClassic => "junqi_classic",
    }
}

/// An error code's label: its name in the protocol (`illegal_action` …).
fn error_label(code: ErrorCode) -> String {
    match serde_json::to_value(code) {
        Ok(serde_json::Value::String(name)) => name,
        _ => format!("{code:?}"),
    }
}

/// `metric`, registered in `registry`. The names and options are the code's own: a failure is
/// a mistake in this file, found by the first test that opens a server.
fn register<M: Collector + Clone + 'static>(
    registry: &Registry,
    metric: prometheus::Result<M>,
) -> M {
    let metric = metric.expect("a valid metric");
    registry
        .register(Box::new(metric.clone()))
        .expect("each metric is registered once");
    metric
}
