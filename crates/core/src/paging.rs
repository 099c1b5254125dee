use serde::Serialize;

/// A page request, zero-based as the spec's `currentPage`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u32,
    pub page_size: u32,
}

impl PageRequest {
    pub const MAX_PAGE_SIZE: u32 = 500;

    /// Clamps the size to 1..=MAX_PAGE_SIZE so that no caller can ask for the whole table.
    pub fn new(page: u32, page_size: u32) -> Self {
        Self {
            page,
            page_size: page_size.clamp(1, Self::MAX_PAGE_SIZE),
        }
    }

    pub fn offset(&self) -> i64 {
        i64::from(self.page) * i64::from(self.page_size)
    }

    pub fn limit(&self) -> i64 {
        i64::from(self.page_size)
    }
}

/// One page of results with the spec's paging fields.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total_count: i64,
    pub total_page: i64,
    pub current_page: u32,
}

impl<T> Page<T> {
    pub fn new(items: Vec<T>, total_count: i64, request: PageRequest) -> Self {
        let size = i64::from(request.page_size);
        Self {
            items,
            total_count,
            total_page: (total_count + size - 1) / size,
            current_page: request.page,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_round_up_and_sizes_are_clamped() {
        let request = PageRequest::new(2, 10_000);
        assert_eq!(request.page_size, PageRequest::MAX_PAGE_SIZE);
        let page = Page::new(vec![1], 1001, PageRequest::new(0, 25));
        assert_eq!(page.total_page, 41);
        assert_eq!(PageRequest::new(3, 25).offset(), 75);
        assert_eq!(PageRequest::new(0, 0).page_size, 1);
    }
}
