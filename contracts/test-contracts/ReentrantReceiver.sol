// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.37;

/// @notice Test-only: an account that calls the escrow like a funder or an assignee, and, when it
/// is paid, calls the escrow once more from inside the payment (a re-entry, or a read of what the
/// escrow says mid-payment). It can also refuse every payment.
contract ReentrantReceiver {
    address public immutable escrow;

    /// The call made from receive(); empty for none.
    bytes public reentryCall;
    /// True: receive() accepts the payment even when the re-entry fails, as a thief would want.
    /// False: the re-entry's failure fails the payment.
    bool public swallowReentryFailure;
    bool public refusePayments;

    uint256 public paymentsReceived;
    bool public reentryAttempted;
    bool public reentrySucceeded;
    /// What the re-entry returned, or its revert data.
    bytes public reentryResult;

    constructor(address escrow_) {
        escrow = escrow_;
    }

    function setReentry(bytes calldata data, bool swallowFailure) external {
        reentryCall = data;
        swallowReentryFailure = swallowFailure;
    }

    function setRefusePayments(bool refuse) external {
        refusePayments = refuse;
    }

    /// Calls the escrow with `data` and the value sent, as this contract; bubbles a revert up.
    function callEscrow(bytes calldata data) external payable returns (bytes memory result) {
        bool ok;
        (ok, result) = escrow.call{value: msg.value}(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(result, 32), mload(result))
            }
        }
    }

    receive() external payable {
        if (refusePayments) revert("payments refused");
        paymentsReceived += 1;
        if (reentryCall.length == 0) return;

        bytes memory data = reentryCall;
        delete reentryCall;
        reentryAttempted = true;
        (bool ok, bytes memory result) = escrow.call(data);
        reentrySucceeded = ok;
        reentryResult = result;
        if (!ok) {
            if (!swallowReentryFailure) {
                assembly ("memory-safe") {
                    revert(add(result, 32), mload(result))
                }
            }
        }
    }
}
