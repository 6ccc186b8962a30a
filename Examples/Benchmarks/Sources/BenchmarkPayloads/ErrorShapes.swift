/// The error answers Clerk sends, one per shape (`Tests/ClerkAPITests/Payloads/error_*.json`): an error
/// without `long_message` and `meta` (Clerk omits them when empty), one with both, one with
/// `clerk_trace_id`, the full envelope, and several errors at once. Timed through the path the SDK's
/// client reads them with (lenient), beside `JSONSerialization`.
extension DecodeCase {
    public static let errorBare = DecodeCase("error answer: code and message only", Payloads.load("error_bare"))
    public static let errorLongMessageAndMeta = DecodeCase(
        "error answer: long_message and meta.param_name", Payloads.load("error_long_message_meta")
    )
    public static let errorTraceID = DecodeCase("error answer: long_message and clerk_trace_id", Payloads.load("error_trace_id"))
    public static let errorFull = DecodeCase("error answer: long_message, meta, envelope meta and clerk_trace_id", Payloads.errorEnvelope)
    public static let errorSeveral = DecodeCase("error answer: three errors with meta and clerk_trace_id", Payloads.load("error_several"))

    public static let errorShapes: [DecodeCase] = [errorBare, errorLongMessageAndMeta, errorTraceID, errorFull, errorSeveral]
}
