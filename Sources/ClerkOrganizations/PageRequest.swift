/// Which page of a list to read: at most `limit` items after skipping `offset`. Unset values
/// are not sent, so the API's defaults apply (10 items from the first).
public struct PageRequest: Sendable, Hashable, CustomStringConvertible {
    /// How many items to return (the API accepts 1 to 500).
    public var limit: Int?
    /// How many items to skip.
    public var offset: Int?

    /// A page of `limit` items after `offset` ones.
    public init(limit: Int? = nil, offset: Int? = nil) {
        self.limit = limit
        self.offset = offset
    }

    /// The page after this one, when it had `limit` set; nil otherwise.
    public var next: PageRequest? {
        limit.map { PageRequest(limit: $0, offset: (offset ?? 0) + $0) }
    }

    /// `limit` and `offset`.
    public var description: String { "PageRequest(limit: \(limit.map(String.init) ?? "default"), offset: \(offset ?? 0))" }
}

/// One page of a list and the total count the API reported.
public struct Page<Item: Sendable & Hashable>: Sendable, Hashable {
    /// The items of this page.
    public var items: [Item]
    /// How many items the whole list holds (the page's count when the API did not say).
    public var totalCount: Int

    /// A page of `items` out of `totalCount`.
    public init(items: [Item], totalCount: Int) {
        self.items = items
        self.totalCount = totalCount
    }

    /// A page of what the API answered: its `data` and `total_count`, each possibly absent.
    init(_ items: [Item]?, total: Int?) {
        self.items = items ?? []
        self.totalCount = total ?? self.items.count
    }

    /// Whether items follow this page when it was read with `request`.
    public func hasMore(after request: PageRequest) -> Bool {
        (request.offset ?? 0) + items.count < totalCount
    }
}
