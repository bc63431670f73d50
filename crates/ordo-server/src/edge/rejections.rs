//! The API's error body for the requests hyper refuses before any route sees them (a request
//! line that does not parse, a URI or headers too long): hyper answers those itself with an
//! empty body. This wrapper around a connection's I/O recognises such an answer — an error
//! status with `content-length: 0` and `connection: close`, which no route sends, since every
//! route error carries a JSON body — and writes it with the JSON body instead.

use std::io::IoSlice;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A connection's I/O whose bare protocol rejections get the API's error body.
pub(crate) struct Rejections<IO> {
    io: IO,
    /// A rewritten rejection and how much of it is written.
    pending: Option<(Vec<u8>, usize)>,
}

impl<IO> Rejections<IO> {
    pub(crate) fn new(io: IO) -> Self {
        Rejections { io, pending: None }
    }
}

/// The rewritten form of `head` if it is one of hyper's bare rejections.
fn rewrite(head: &[u8]) -> Option<Vec<u8>> {
    // Cheap first: a bare rejection is a short error head (every other write passes here).
    if head.len() > 512 || !(head.starts_with(b"HTTP/1.1 4") || head.starts_with(b"HTTP/1.1 5")) {
        return None;
    }
    let text = std::str::from_utf8(head).ok()?;
    let status_line = text.strip_prefix("HTTP/1.1 ")?;
    let code: u16 = status_line.get(..3)?.parse().ok()?;
    if !(400..600).contains(&code) || !text.ends_with("\r\n\r\n") {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    if !lower.contains("\r\ncontent-length: 0\r\n") || !lower.contains("\r\nconnection: close\r\n")
    {
        return None;
    }
    let (code_name, message) = match code {
        400 => ("request/malformed", "the request could not be read as HTTP"),
        414 => ("request/uri_too_long", "the address is too long"),
        431 => (
            "request/headers_too_large",
            "the request headers are too large",
        ),
        408 => ("request/timeout", "the request took too long to arrive"),
        c if c >= 500 => ("internal", "internal error"),
        _ => ("request/refused", "the request was refused"),
    };
    let body = serde_json::json!({"code": code_name, "message": message}).to_string();
    let start = lower.find("\r\ncontent-length: 0\r\n")?;
    let mut out = String::with_capacity(text.len() + body.len() + 40);
    out.push_str(&text[..start]);
    out.push_str("\r\ncontent-type: application/json\r\ncontent-length: ");
    out.push_str(&body.len().to_string());
    out.push_str(&text[start + "\r\ncontent-length: 0".len()..]);
    out.push_str(&body);
    Some(out.into_bytes())
}

impl<IO: AsyncWrite + Unpin> Rejections<IO> {
    /// Writes what is pending; `Ready(Ok(()))` once all of it is out.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        while let Some((bytes, done)) = &mut self.pending {
            if *done >= bytes.len() {
                self.pending = None;
                break;
            }
            match Pin::new(&mut self.io).poll_write(cx, &bytes[*done..]) {
                Poll::Ready(Ok(0)) => {
                    return Poll::Ready(Err(std::io::ErrorKind::WriteZero.into()));
                }
                Poll::Ready(Ok(n)) => *done += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }
}

impl<IO: AsyncRead + Unpin> AsyncRead for Rejections<IO> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl<IO: AsyncWrite + Unpin> AsyncWrite for Rejections<IO> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        if self.pending.is_none() {
            match rewrite(buf) {
                Some(bytes) => self.pending = Some((bytes, 0)),
                None => return Pin::new(&mut self.io).poll_write(cx, buf),
            }
        }
        // The rewritten answer stands for `buf`: `buf` counts as written once it is out.
        match self.drain(cx) {
            Poll::Ready(Ok(())) => Poll::Ready(Ok(buf.len())),
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => Poll::Pending,
        }
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let lone = bufs.iter().filter(|b| !b.is_empty()).count() == 1;
        if self.pending.is_some() || lone {
            if let Some(first) = bufs.iter().find(|b| !b.is_empty()) {
                if self.pending.is_some() || rewrite(first).is_some() {
                    return self.poll_write(cx, first);
                }
            }
        }
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        match self.drain(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut self.io).poll_flush(cx),
            other => other,
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        match self.drain(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut self.io).poll_shutdown(cx),
            other => other,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::rewrite;

    #[test]
    fn only_bare_rejections_are_rewritten() {
        let bare = b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let out = String::from_utf8(rewrite(bare).unwrap()).unwrap();
        let (head, body) = out.split_once("\r\n\r\n").unwrap();
        assert!(head.contains("content-type: application/json"));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        assert!(body.contains("request/malformed"));
        // A route's own answers (a body, or kept alive) pass untouched.
        assert!(rewrite(
            b"HTTP/1.1 404 Not Found\r\ncontent-length: 51\r\nconnection: close\r\n\r\n"
        )
        .is_none());
        assert!(rewrite(
            b"HTTP/1.1 204 No Content\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
        )
        .is_none());
        assert!(rewrite(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n").is_none());
        let long = b"HTTP/1.1 414 URI Too Long\r\nconnection: close\r\ncontent-length: 0\r\n\r\n";
        assert!(String::from_utf8(rewrite(long).unwrap())
            .unwrap()
            .contains("uri_too_long"));
    }
}
