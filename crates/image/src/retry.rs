//! Registry requests retried when they fail for a reason that passes: a
//! 429 (too many requests), a 5xx, a connection reset. A bounded number of
//! tries, waiting between them what the registry's `Retry-After` asks
//! (seconds, or an HTTP date), else a backoff doubling from half a second; the waits
//! are capped one by one and in total, so a registry that never recovers
//! costs seconds, not minutes.

use reqwest::StatusCode;
use reqwest::blocking::{RequestBuilder, Response};
use reqwest::header::{HeaderMap, RETRY_AFTER};
use std::time::{Duration, SystemTime};

/// Tries of one request, the first included.
pub(crate) const MAX_TRIES: u32 = 4;
/// The wait before the second try when the registry does not say.
const FIRST_BACKOFF: Duration = Duration::from_millis(500);
/// The longest wait between two tries, whatever `Retry-After` says.
pub(crate) const MAX_WAIT: Duration = Duration::from_secs(10);
/// The longest wait over all the tries of one request.
pub(crate) const MAX_TOTAL_WAIT: Duration = Duration::from_secs(30);

/// Whether an answer with this status may be retried.
pub(crate) fn is_retryable(status: StatusCode) -> bool {
    status == StatusCode::TOO_MANY_REQUESTS || matches!(status.as_u16(), 500 | 502 | 503 | 504)
}

/// Sends `request`, retrying as the module says. The last answer (a 429 or
/// 5xx when every try failed) or error is returned.
pub(crate) fn send_with_retries(request: RequestBuilder) -> Result<Response, reqwest::Error> {
    let mut waited = Duration::ZERO;
    let mut tries = 1;
    loop {
        // A GET has no body, so it can always be cloned; if not, one try.
        let Some(this) = request.try_clone() else {
            return request.send();
        };
        let result = this.send();
        let wait = match &result {
            Ok(response) if is_retryable(response.status()) => {
                retry_after(response.headers(), SystemTime::now()).unwrap_or(backoff(tries + 1))
            }
            Err(e) if is_reset(e) => backoff(tries + 1),
            _ => return result,
        };
        let wait = wait.min(MAX_WAIT);
        if tries >= MAX_TRIES || waited + wait > MAX_TOTAL_WAIT {
            return result;
        }
        drop(result);
        std::thread::sleep(wait);
        waited += wait;
        tries += 1;
    }
}

/// The wait before try `next` (2, 3, …) of a request the registry said
/// nothing about.
pub(crate) fn backoff(next: u32) -> Duration {
    FIRST_BACKOFF * 2u32.pow(next.saturating_sub(2).min(8))
}

/// Whether a read of a blob's body failed in a way a new request may not:
/// the connection broke off (reset, closed early), not a timeout (a
/// registry that stalled once stalls again) nor a file error.
pub(crate) fn is_broken_transfer(e: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::ConnectionReset | ErrorKind::ConnectionAborted | ErrorKind::BrokenPipe
    ) {
        return true;
    }
    e.get_ref()
        .and_then(|inner| inner.downcast_ref::<reqwest::Error>())
        .is_some_and(|e| !e.is_timeout() && (e.is_body() || e.is_request() || e.is_decode()))
}

/// Whether a read failed because a timeout ran out (the read-idle one, or
/// a deadline for the whole answer).
pub(crate) fn is_timeout(e: &std::io::Error) -> bool {
    if e.kind() == std::io::ErrorKind::TimedOut {
        return true;
    }
    e.get_ref()
        .and_then(|inner| inner.downcast_ref::<reqwest::Error>())
        .is_some_and(reqwest::Error::is_timeout)
}

/// The wait `Retry-After` asks for at `now`: a number of seconds, or an
/// HTTP date (a date already past asks for no wait).
fn retry_after(headers: &HeaderMap, now: SystemTime) -> Option<Duration> {
    let value = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let date = httpdate::parse_http_date(value).ok()?;
    Some(date.duration_since(now).unwrap_or(Duration::ZERO))
}

/// A connection that broke off: reset, aborted, closed early.
fn is_reset(e: &reqwest::Error) -> bool {
    use std::io::ErrorKind;
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(s) = source {
        if let Some(io) = s.downcast_ref::<std::io::Error>()
            && matches!(
                io.kind(),
                ErrorKind::ConnectionReset
                    | ErrorKind::ConnectionAborted
                    | ErrorKind::BrokenPipe
                    | ErrorKind::UnexpectedEof
            )
        {
            return true;
        }
        source = s.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_in_seconds_or_as_a_date() {
        let now = httpdate::parse_http_date("Wed, 21 Oct 2015 07:28:00 GMT").unwrap();
        let mut headers = HeaderMap::new();
        assert_eq!(retry_after(&headers, now), None);
        headers.insert(RETRY_AFTER, "3".parse().unwrap());
        assert_eq!(retry_after(&headers, now), Some(Duration::from_secs(3)));
        headers.insert(
            RETRY_AFTER,
            "Wed, 21 Oct 2015 07:28:07 GMT".parse().unwrap(),
        );
        assert_eq!(retry_after(&headers, now), Some(Duration::from_secs(7)));
        headers.insert(
            RETRY_AFTER,
            "Wed, 21 Oct 2015 07:27:00 GMT".parse().unwrap(),
        );
        assert_eq!(retry_after(&headers, now), Some(Duration::ZERO));
        headers.insert(RETRY_AFTER, "soon".parse().unwrap());
        assert_eq!(retry_after(&headers, now), None);
    }

    #[test]
    fn backoff_doubles() {
        assert_eq!(backoff(2), Duration::from_millis(500));
        assert_eq!(backoff(3), Duration::from_secs(1));
        assert_eq!(backoff(4), Duration::from_secs(2));
    }

    #[test]
    fn which_answers_are_retried() {
        for status in [429, 500, 502, 503, 504] {
            assert!(is_retryable(StatusCode::from_u16(status).unwrap()));
        }
        for status in [200, 401, 404, 501] {
            assert!(!is_retryable(StatusCode::from_u16(status).unwrap()));
        }
    }
}
