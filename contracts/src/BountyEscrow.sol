// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.37;

/// @title OpenStake bounty escrow
/// @notice Holds each bounty issue's bounty in the chain's native currency, paid in by its funder
/// (the maintainer's own wallet), until the operator releases it to the contributor whose work was
/// merged or refunds it to the funder. The funder alone may take it back only after the deadline
/// and only while no contributor's work on it is pending. Rules and roles: docs/decisions/009.
/// @dev Every state change is made before the one external call (the payout), and no state change
/// may start while a payout is in flight (the re-entrancy lock), so a receiver cannot re-enter.
contract BountyEscrow {
    enum Status {
        None,
        Open,
        Assigned,
        Released,
        Refunded
    }

    struct Issue {
        address funder;
        uint64 deadline;
        Status status;
        address assignee;
        /// Until this time (unix seconds) a contributor's work on the issue is pending, so its
        /// funder may not take the bounty back before it; 0 when nothing is pending. Set by the
        /// operator, and bounded by it: a hold the operator never clears ends by itself.
        uint64 heldUntil;
        /// The escrowed amount; after a release or a refund, the amount that was paid out.
        uint256 amount;
    }

    /// Bumped when the interface or the rules change, so the server can refuse a contract it
    /// does not know.
    uint256 public constant VERSION = 3;

    /// The platform: it records pending work, assigns, releases and refunds, and never funds a
    /// bounty nor is paid by one.
    address public immutable operator;

    /// Issues ever created.
    uint256 public issueCount;

    /// Sum of the amounts of the issues neither released nor refunded.
    uint256 public totalHeld;

    mapping(uint256 id => Issue) private _issues;
    /// The issues each address funded or was assigned to, in order, each once.
    mapping(address user => uint256[]) private _issuesOf;
    mapping(address user => mapping(uint256 id => bool)) private _isIssueOf;

    uint256 private constant UNLOCKED = 1;
    uint256 private constant LOCKED = 2;
    uint256 private _lock = UNLOCKED;

    event IssueCreated(uint256 indexed id, address indexed funder, uint256 amount, uint64 deadline);
    event BountyAdded(uint256 indexed id, address indexed funder, uint256 added, uint256 total);
    event IssueAssigned(uint256 indexed id, address indexed assignee, address indexed by);
    event BountyReleased(uint256 indexed id, address indexed assignee, uint256 amount, address by);
    event BountyRefunded(uint256 indexed id, address indexed funder, uint256 amount, address by);
    event HoldSet(uint256 indexed id, uint64 heldUntil);

    error ZeroOperator();
    error ZeroAmount();
    error DeadlineNotInFuture(uint64 deadline);
    error IssueAlreadyExists(uint256 id);
    error IssueNotFound(uint256 id);
    error AlreadyReleased(uint256 id);
    error AlreadyRefunded(uint256 id);
    error OperatorCannotFund();
    error NotFunder(uint256 id, address caller);
    error NotOperator(uint256 id, address caller);
    error NotOperatorOrFunder(uint256 id, address caller);
    error BeforeDeadline(uint256 id, uint64 deadline);
    error WorkPending(uint256 id, uint64 heldUntil);
    error BountyChanged(uint256 id, uint256 expected, uint256 actual);
    error ZeroAssignee(uint256 id);
    error AssigneeIsFunder(uint256 id, address assignee);
    error AssigneeIsOperator(uint256 id, address assignee);
    error TransferFailed(address to, uint256 amount);
    error ReentrantCall();

    modifier nonReentrant() {
        if (_lock != UNLOCKED) revert ReentrantCall();
        _lock = LOCKED;
        _;
        _lock = UNLOCKED;
    }

    constructor(address operator_) {
        if (operator_ == address(0)) revert ZeroOperator();
        operator = operator_;
    }

    /// @notice Records issue `id` with the value sent as its bounty; the sender is its funder.
    /// A second record for the same id is refused, so a retried send cannot fund an issue twice.
    /// The operator never funds: every bounty is paid in by someone other than the platform.
    function createIssue(uint256 id, uint64 deadline) external payable nonReentrant {
        if (msg.sender == operator) revert OperatorCannotFund();
        if (msg.value == 0) revert ZeroAmount();
        if (_issues[id].status != Status.None) revert IssueAlreadyExists(id);
        if (deadline <= block.timestamp) revert DeadlineNotInFuture(deadline);

        _issues[id] = Issue({
            funder: msg.sender,
            deadline: deadline,
            status: Status.Open,
            assignee: address(0),
            heldUntil: 0,
            amount: msg.value
        });
        issueCount += 1;
        totalHeld += msg.value;
        _addIssueOf(msg.sender, id);
        emit IssueCreated(id, msg.sender, msg.value, deadline);
    }

    /// @notice Adds the value sent to the bounty, which must stand at `totalBefore`. Only the
    /// funder may add, so everything in an issue's escrow is the funder's and a refund returns
    /// all of it to them. The expected total makes an addition idempotent: sent twice (a retry
    /// whose first send went through after all), the second is refused, never added again.
    function addBounty(uint256 id, uint256 totalBefore) external payable nonReentrant {
        Issue storage issue = _unsettled(id);
        if (msg.sender != issue.funder) revert NotFunder(id, msg.sender);
        if (msg.value == 0) revert ZeroAmount();
        if (issue.amount != totalBefore) revert BountyChanged(id, totalBefore, issue.amount);

        issue.amount += msg.value;
        totalHeld += msg.value;
        emit BountyAdded(id, msg.sender, msg.value, issue.amount);
    }

    /// @notice Records until when a contributor's work on the issue is pending (0: none), which
    /// the funder's refund must wait for. Only the operator knows of the work, so only it sets it.
    function setHold(uint256 id, uint64 heldUntil) external nonReentrant {
        Issue storage issue = _unsettled(id);
        _onlyOperator(id);
        issue.heldUntil = heldUntil;
        emit HoldSet(id, heldUntil);
    }

    /// @notice Names the contributor the bounty is meant for; assigning again replaces them. The
    /// assignee can be neither the funder nor the operator: nobody releases a bounty to themselves.
    function assign(uint256 id, address assignee) external nonReentrant {
        Issue storage issue = _unsettled(id);
        _onlyOperator(id);
        _assign(id, issue, assignee);
    }

    /// @notice Pays the whole bounty to `to`, once, naming them the assignee in the same call.
    /// A release says whom it pays, so an `assign` mined between the payer's decision and its
    /// release cannot send the bounty elsewhere. `to` obeys the assignee rules. Only the operator
    /// releases (the merge): a funder's release before the deadline would be a refund to an
    /// account of their own, and after it they may refund.
    function release(uint256 id, address to) external nonReentrant {
        Issue storage issue = _unsettled(id);
        _onlyOperator(id);
        _assign(id, issue, to);

        uint256 amount = issue.amount;
        issue.status = Status.Released;
        totalHeld -= amount;
        emit BountyReleased(id, to, amount, msg.sender);
        _pay(to, amount);
    }

    /// @notice Returns the whole bounty to the funder, once. The operator refunds when the issue
    /// ends unwon; the funder alone only after the deadline and while no work is pending, so a
    /// contributor can rely on a funded bounty while they work on it.
    function refund(uint256 id) external nonReentrant {
        Issue storage issue = _unsettled(id);
        if (msg.sender != operator) {
            if (msg.sender != issue.funder) revert NotOperatorOrFunder(id, msg.sender);
            if (block.timestamp <= issue.deadline) revert BeforeDeadline(id, issue.deadline);
            if (block.timestamp < issue.heldUntil) revert WorkPending(id, issue.heldUntil);
        }

        address funder = issue.funder;
        uint256 amount = issue.amount;
        issue.status = Status.Refunded;
        totalHeld -= amount;
        emit BountyRefunded(id, funder, amount, msg.sender);
        _pay(funder, amount);
    }

    /// @notice Issue `id`; an unknown id reads as a record with status None.
    function getIssue(uint256 id) external view returns (Issue memory) {
        return _issues[id];
    }

    /// @notice A page of the ids of the issues `user` funded or was assigned to (in the order
    /// they became theirs), and how many there are in all.
    function issuesOf(
        address user,
        uint256 offset,
        uint256 limit
    ) external view returns (uint256[] memory ids, uint256 total) {
        uint256[] storage all = _issuesOf[user];
        total = all.length;
        if (offset >= total) return (new uint256[](0), total);
        uint256 end = total - offset < limit ? total : offset + limit;
        ids = new uint256[](end - offset);
        for (uint256 i = offset; i < end; ++i) {
            ids[i - offset] = all[i];
        }
    }

    /// @notice The contract's version, operator, issues ever created and amount held in escrow.
    function contractInfo()
        external
        view
        returns (uint256 version, address operator_, uint256 issueCount_, uint256 totalHeld_)
    {
        return (VERSION, operator, issueCount, totalHeld);
    }

    function _unsettled(uint256 id) private view returns (Issue storage issue) {
        issue = _issues[id];
        Status status = issue.status;
        if (status == Status.None) revert IssueNotFound(id);
        if (status == Status.Released) revert AlreadyReleased(id);
        if (status == Status.Refunded) revert AlreadyRefunded(id);
    }

    function _onlyOperator(uint256 id) private view {
        if (msg.sender != operator) revert NotOperator(id, msg.sender);
    }

    function _assign(uint256 id, Issue storage issue, address assignee) private {
        if (assignee == address(0)) revert ZeroAssignee(id);
        if (assignee == issue.funder) revert AssigneeIsFunder(id, assignee);
        if (assignee == operator) revert AssigneeIsOperator(id, assignee);
        if (issue.status == Status.Assigned && issue.assignee == assignee) return;

        issue.assignee = assignee;
        issue.status = Status.Assigned;
        _addIssueOf(assignee, id);
        emit IssueAssigned(id, assignee, msg.sender);
    }

    function _addIssueOf(address user, uint256 id) private {
        if (_isIssueOf[user][id]) return;
        _isIssueOf[user][id] = true;
        _issuesOf[user].push(id);
    }

    /// @dev A failed payment reverts the whole call, so the issue stays as it was. The receiver's
    /// return data is not copied, so it cannot make the caller pay for a large answer.
    function _pay(address to, uint256 amount) private {
        bool ok;
        assembly ("memory-safe") {
            ok := call(gas(), to, amount, 0, 0, 0, 0)
        }
        if (!ok) revert TransferFailed(to, amount);
    }
}
