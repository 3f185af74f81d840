//! The server's connections: at most [`Guards::max_connections`] at once,
//! and each let go when its client stalls (no request head within
//! [`Guards::header_wait`], idle ones too; no body within
//! [`Guards::body_wait`]; a reply it stops reading for
//! [`Guards::write_stall`]), so that idle or slow clients cannot hold the
//! server's sockets, tasks and replies for good.
//!
//! axum's own `serve` sets no timer on hyper's connections (so hyper's
//! header timeout never runs) and takes every connection: this loop is
//! axum's, with those bounds.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::time::Sleep;

/// How long the server waits on a client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guards {
    /// Connections open at once: one more waits for a free one (in the
    /// kernel's backlog). 512: room for the 300 concurrent requests of
    /// the load test, and each browser's six.
    pub max_connections: usize,
    /// A request's head (its line and headers) must have come within this
    /// of the connection's opening or of the last reply: an idle
    /// keep-alive connection is closed then (the browser opens another).
    pub header_wait: Duration,
    /// A request's body must have come within this of its head: else 408.
    pub body_wait: Duration,
    /// A reply the client does not read for this long (the socket's
    /// buffers full) is dropped with its connection, and its work
    /// cancelled.
    pub write_stall: Duration,
    /// Bytes of large replies (over 64 KiB) held at once, being written
    /// or waiting for their clients to read: one more gets 503 at once.
    /// 512 MiB: the largest reply (a replay of 100 seats with 100 coins
    /// and every throw) is 29 MB.
    pub reply_bytes: usize,
    /// A large reply must be taken whole within this of its being ready
    /// (a client reading a little now and then would otherwise hold its
    /// share of [`Guards::reply_bytes`] for hours): 60 s, where a
    /// loopback client takes 29 MB in milliseconds.
    pub reply_write: Duration,
}

impl Guards {
    /// The server's bounds: 512 connections, 30 s for each wait.
    pub const DEFAULT: Guards = Guards {
        max_connections: 512,
        header_wait: Duration::from_secs(30),
        body_wait: Duration::from_secs(30),
        write_stall: Duration::from_secs(30),
        reply_bytes: 512 << 20,
        reply_write: Duration::from_secs(60),
    };
}

impl Default for Guards {
    fn default() -> Guards {
        Guards::DEFAULT
    }
}

/// Serve `app` on `listener` under `guards` until the process ends.
pub(crate) async fn serve(listener: TcpListener, app: Router, guards: Guards) -> io::Result<()> {
    let permits = Arc::new(Semaphore::new(guards.max_connections));
    loop {
        let permit = Arc::clone(&permits)
            .acquire_owned()
            .await
            .map_err(io::Error::other)?;
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // As axum's loop: a client's own failure is skipped; any
            // other (out of file descriptors) is waited out.
            Err(e) if connection_error(&e) => continue,
            Err(_) => {
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(Stalls::new(stream, guards.write_stall));
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _permit = permit;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(guards.header_wait);
            // An error is the client's (gone, stalled, malformed): the
            // connection ends, and so does any work it asked for.
            let _ = builder.serve_connection(io, service).await;
        });
    }
}

fn connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// A connection whose writes fail once they have made no progress for
/// `limit` (its client stopped reading).
struct Stalls {
    stream: TcpStream,
    limit: Duration,
    stalled: Option<Pin<Box<Sleep>>>,
}

impl Stalls {
    fn new(stream: TcpStream, limit: Duration) -> Stalls {
        Stalls {
            stream,
            limit,
            stalled: None,
        }
    }

    /// A write's poll: progress clears the clock, waiting starts it, and
    /// waiting past the limit is an error.
    fn watch<T>(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if polled.is_ready() {
            self.stalled = None;
            return polled;
        }
        let limit = self.limit;
        let clock = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        if clock.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client stopped reading its reply",
            )));
        }
        Poll::Pending
    }
}

impl AsyncRead for Stalls {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Stalls {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.watch(cx, polled)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.watch(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.stream).poll_flush(cx);
        self.watch(cx, polled)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
