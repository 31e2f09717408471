// Generated from contracts/src/BountyEscrow.sol by contracts/scripts/compile.ts,
// solc 0.8.37, optimizer on (200 runs), evmVersion cancun.
// Do not edit: run `npm run compile -w @openstake/contracts`.

export const bountyEscrowAbi = [
  {
    inputs: [{ internalType: 'address', name: 'operator_', type: 'address' }],
    stateMutability: 'nonpayable',
    type: 'constructor',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'AlreadyRefunded',
    type: 'error',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'AlreadyReleased',
    type: 'error',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'address', name: 'assignee', type: 'address' },
    ],
    name: 'AssigneeIsFunder',
    type: 'error',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'address', name: 'assignee', type: 'address' },
    ],
    name: 'AssigneeIsOperator',
    type: 'error',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'uint256', name: 'expected', type: 'uint256' },
      { internalType: 'uint256', name: 'actual', type: 'uint256' },
    ],
    name: 'BountyChanged',
    type: 'error',
  },
  {
    inputs: [{ internalType: 'uint64', name: 'deadline', type: 'uint64' }],
    name: 'DeadlineNotInFuture',
    type: 'error',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'IssueAlreadyExists',
    type: 'error',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'IssueNotFound',
    type: 'error',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'address', name: 'caller', type: 'address' },
    ],
    name: 'NotFunder',
    type: 'error',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'address', name: 'caller', type: 'address' },
    ],
    name: 'NotOperatorOrFunder',
    type: 'error',
  },
  { inputs: [], name: 'ReentrantCall', type: 'error' },
  {
    inputs: [
      { internalType: 'address', name: 'to', type: 'address' },
      { internalType: 'uint256', name: 'amount', type: 'uint256' },
    ],
    name: 'TransferFailed',
    type: 'error',
  },
  { inputs: [], name: 'ZeroAmount', type: 'error' },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'ZeroAssignee',
    type: 'error',
  },
  { inputs: [], name: 'ZeroOperator', type: 'error' },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'id', type: 'uint256' },
      { indexed: true, internalType: 'address', name: 'funder', type: 'address' },
      { indexed: false, internalType: 'uint256', name: 'added', type: 'uint256' },
      { indexed: false, internalType: 'uint256', name: 'total', type: 'uint256' },
    ],
    name: 'BountyAdded',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'id', type: 'uint256' },
      { indexed: true, internalType: 'address', name: 'funder', type: 'address' },
      { indexed: false, internalType: 'uint256', name: 'amount', type: 'uint256' },
      { indexed: false, internalType: 'address', name: 'by', type: 'address' },
    ],
    name: 'BountyRefunded',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'id', type: 'uint256' },
      { indexed: true, internalType: 'address', name: 'assignee', type: 'address' },
      { indexed: false, internalType: 'uint256', name: 'amount', type: 'uint256' },
      { indexed: false, internalType: 'address', name: 'by', type: 'address' },
    ],
    name: 'BountyReleased',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'id', type: 'uint256' },
      { indexed: true, internalType: 'address', name: 'assignee', type: 'address' },
      { indexed: true, internalType: 'address', name: 'by', type: 'address' },
    ],
    name: 'IssueAssigned',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'id', type: 'uint256' },
      { indexed: true, internalType: 'address', name: 'funder', type: 'address' },
      { indexed: false, internalType: 'uint256', name: 'amount', type: 'uint256' },
      { indexed: false, internalType: 'uint64', name: 'deadline', type: 'uint64' },
    ],
    name: 'IssueCreated',
    type: 'event',
  },
  {
    inputs: [],
    name: 'VERSION',
    outputs: [{ internalType: 'uint256', name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'uint256', name: 'totalBefore', type: 'uint256' },
    ],
    name: 'addBounty',
    outputs: [],
    stateMutability: 'payable',
    type: 'function',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'address', name: 'assignee', type: 'address' },
    ],
    name: 'assign',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [],
    name: 'contractInfo',
    outputs: [
      { internalType: 'uint256', name: 'version', type: 'uint256' },
      { internalType: 'address', name: 'operator_', type: 'address' },
      { internalType: 'uint256', name: 'issueCount_', type: 'uint256' },
      { internalType: 'uint256', name: 'totalHeld_', type: 'uint256' },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'uint64', name: 'deadline', type: 'uint64' },
    ],
    name: 'createIssue',
    outputs: [],
    stateMutability: 'payable',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'getIssue',
    outputs: [
      {
        components: [
          { internalType: 'address', name: 'funder', type: 'address' },
          { internalType: 'uint64', name: 'deadline', type: 'uint64' },
          { internalType: 'enum BountyEscrow.Status', name: 'status', type: 'uint8' },
          { internalType: 'address', name: 'assignee', type: 'address' },
          { internalType: 'uint256', name: 'amount', type: 'uint256' },
        ],
        internalType: 'struct BountyEscrow.Issue',
        name: '',
        type: 'tuple',
      },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'issueCount',
    outputs: [{ internalType: 'uint256', name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      { internalType: 'address', name: 'user', type: 'address' },
      { internalType: 'uint256', name: 'offset', type: 'uint256' },
      { internalType: 'uint256', name: 'limit', type: 'uint256' },
    ],
    name: 'issuesOf',
    outputs: [
      { internalType: 'uint256[]', name: 'ids', type: 'uint256[]' },
      { internalType: 'uint256', name: 'total', type: 'uint256' },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'operator',
    outputs: [{ internalType: 'address', name: '', type: 'address' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'refund',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'address', name: 'to', type: 'address' },
    ],
    name: 'release',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [],
    name: 'totalHeld',
    outputs: [{ internalType: 'uint256', name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
] as const;

export const bountyEscrowBytecode =
  '0x60a06040526001600555348015610014575f5ffd5b506040516110263803806110268339810160408190526100339161006b565b6001600160a01b03811661005a576040516389961e9160e01b815260040160405180910390fd5b6001600160a01b0316608052610098565b5f6020828403121561007b575f5ffd5b81516001600160a01b0381168114610091575f5ffd5b9392505050565b608051610f626100c45f395f818160cc0152818161014f01528181610a6c0152610b7b0152610f625ff3fe6080604052600436106100a5575f3560e01c806398cf147a1161006257806398cf147a146101d4578063c1f1cd33146101f6578063d5210ec014610223578063e07d3b5a14610236578063f43cc77314610255578063ffa1ad741461026a575f5ffd5b806315c43aaf146100a957806323792f401461010a578063278ecde11461011f578063570ca7351461013e5780638124fea614610189578063976b3113146101a8575b5f5ffd5b3480156100b4575f5ffd5b505f5460015460408051600281526001600160a01b037f00000000000000000000000000000000000000000000000000000000000000001660208201529081019290925260608201526080015b60405180910390f35b61011d610118366004610d0e565b61027e565b005b34801561012a575f5ffd5b5061011d610139366004610d2e565b6103c3565b348015610149575f5ffd5b506101717f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b039091168152602001610101565b348015610194575f5ffd5b5061011d6101a3366004610d60565b610497565b3480156101b3575f5ffd5b506101c76101c2366004610d2e565b61055e565b6040516101019190610d9e565b3480156101df575f5ffd5b506101e85f5481565b604051908152602001610101565b348015610201575f5ffd5b50610215610210366004610e0e565b61061c565b604051610101929190610e3e565b61011d610231366004610e8a565b610728565b348015610241575f5ffd5b5061011d610250366004610d60565b61094e565b348015610260575f5ffd5b506101e860015481565b348015610275575f5ffd5b506101e8600281565b6001600554146102a1576040516306fda65d60e31b815260040160405180910390fd5b60026005555f6102b0836109a1565b80549091506001600160a01b031633146102eb57604051638469273b60e01b8152600481018490523360248201526044015b60405180910390fd5b345f0361030b57604051631f2a200560e01b815260040160405180910390fd5b818160020154146103465760028101546040516326703afd60e01b8152600481018590526024810184905260448101919091526064016102e2565b34816002015f8282546103599190610ed8565b925050819055503460015f8282546103719190610ed8565b90915550506002810154604080513481526020810192909252339185917f0dff1c4d4f392cc784b697bbd1d5d17a0ab7edfc5ead2a34a2b2c148acf6194b910160405180910390a35050600160055550565b6001600554146103e6576040516306fda65d60e31b815260040160405180910390fd5b60026005555f6103f5826109a1565b90506104018282610a61565b80546002820154600160e21b60ff60e01b198316178355600180546001600160a01b03909316928291905f90610438908490610ef1565b9091555050604080518281523360208201526001600160a01b0384169186917fccc25a87ac303adaa0ada54e6fe699a381628aae899cc1c7a4eccaabd3125d88910160405180910390a361048c8282610acf565b505060016005555050565b6001600554146104ba576040516306fda65d60e31b815260040160405180910390fd5b60026005555f6104c9836109a1565b90506104d58382610a61565b6104e0838284610b0f565b6002810154815460ff60e01b1916600360e01b178255600180548291905f9061050a908490610ef1565b9091555050604080518281523360208201526001600160a01b0385169186917fa9cc294222d9db15c1e760e2fdb2759a609b5a11b6643810bc42883c0f222eba910160405180910390a361048c8382610acf565b6040805160a080820183525f8083526020808401829052838501829052606084018290526080840182905285825260028152908490208451928301855280546001600160a01b0381168452600160a01b810467ffffffffffffffff16928401929092529293919291830190600160e01b900460ff1660048111156105e4576105e4610d8a565b60048111156105f5576105f5610d8a565b815260018201546001600160a01b0316602082015260029091015460409091015292915050565b6001600160a01b0383165f90815260036020526040902080546060918185106106555750604080515f8152602081019091529150610720565b5f846106618785610ef1565b10610675576106708587610ed8565b610677565b825b90506106838682610ef1565b67ffffffffffffffff81111561069b5761069b610f04565b6040519080825280602002602001820160405280156106c4578160200160208202803683370190505b509350855b8181101561071c578281815481106106e3576106e3610f18565b905f5260205f2001548588836106f99190610ef1565b8151811061070957610709610f18565b60209081029190910101526001016106c9565b5050505b935093915050565b60016005541461074b576040516306fda65d60e31b815260040160405180910390fd5b6002600555345f0361077057604051631f2a200560e01b815260040160405180910390fd5b5f5f83815260026020526040902054600160e01b900460ff16600481111561079a5761079a610d8a565b146107bb576040516312f889f360e21b8152600481018390526024016102e2565b428167ffffffffffffffff16116107f157604051633d3e5c3b60e21b815267ffffffffffffffff821660048201526024016102e2565b6040805160a08101825233815267ffffffffffffffff83166020820152908101600181525f6020808301829052346040938401528582526002815290829020835181549285015167ffffffffffffffff16600160a01b026001600160e01b03199093166001600160a01b03919091161791909117808255918301519091829060ff60e01b1916600160e01b83600481111561088e5761088e610d8a565b02179055506060820151600182810180546001600160a01b0319166001600160a01b03909316929092179091556080909201516002909101555f805481906108d7908490610ed8565b925050819055503460015f8282546108ef9190610ed8565b909155506108ff90503383610c96565b6040805134815267ffffffffffffffff83166020820152339184917f5bfbcbf6c9d84daad05acbd59d8a3413bd5d4025c39b9c0eebc51b1f0335ad80910160405180910390a350506001600555565b600160055414610971576040516306fda65d60e31b815260040160405180910390fd5b60026005555f610980836109a1565b905061098c8382610a61565b610997838284610b0f565b5050600160055550565b5f81815260026020526040812080549091600160e01b90910460ff16908160048111156109d0576109d0610d8a565b036109f15760405163cd8d182160e01b8152600481018490526024016102e2565b6003816004811115610a0557610a05610d8a565b03610a26576040516350514a3b60e01b8152600481018490526024016102e2565b6004816004811115610a3a57610a3a610d8a565b03610a5b576040516381fd8f2760e01b8152600481018490526024016102e2565b50919050565b336001600160a01b037f00000000000000000000000000000000000000000000000000000000000000001614801590610aa4575080546001600160a01b03163314155b15610acb5760405163b93c14af60e01b8152600481018390523360248201526044016102e2565b5050565b5f5f5f5f5f85875af1905080610b0a57604051630e21dcbb60e11b81526001600160a01b0384166004820152602481018390526044016102e2565b505050565b6001600160a01b038116610b395760405163b04a44ef60e01b8152600481018490526024016102e2565b81546001600160a01b0390811690821603610b795760405163f531f66960e01b8152600481018490526001600160a01b03821660248201526044016102e2565b7f00000000000000000000000000000000000000000000000000000000000000006001600160a01b0316816001600160a01b031603610bdd57604051633a1bdfbb60e21b8152600481018490526001600160a01b03821660248201526044016102e2565b60028254600160e01b900460ff166004811115610bfc57610bfc610d8a565b148015610c18575060018201546001600160a01b038281169116145b15610c2257505050565b6001820180546001600160a01b0319166001600160a01b038316179055815460ff60e01b1916600160e11b178255610c5a8184610c96565b60405133906001600160a01b0383169085907fd49c36cc7da63ae5b954a4580097678b5331b42f1df7e13ce39a6a73e0e5f43d905f90a4505050565b6001600160a01b0382165f90815260046020908152604080832084845290915290205460ff1615610cc5575050565b6001600160a01b039091165f8181526004602090815260408083208584528252808320805460ff1916600190811790915593835260038252822080549384018155825290200155565b5f5f60408385031215610d1f575f5ffd5b50508035926020909101359150565b5f60208284031215610d3e575f5ffd5b5035919050565b80356001600160a01b0381168114610d5b575f5ffd5b919050565b5f5f60408385031215610d71575f5ffd5b82359150610d8160208401610d45565b90509250929050565b634e487b7160e01b5f52602160045260245ffd5b81516001600160a01b0316815260208083015167ffffffffffffffff1690820152604082015160a082019060058110610de557634e487b7160e01b5f52602160045260245ffd5b60408301526060838101516001600160a01b031690830152608092830151929091019190915290565b5f5f5f60608486031215610e20575f5ffd5b610e2984610d45565b95602085013595506040909401359392505050565b604080825283519082018190525f9060208501906060840190835b81811015610e77578351835260209384019390920191600101610e59565b5050602093909301939093525092915050565b5f5f60408385031215610e9b575f5ffd5b82359150602083013567ffffffffffffffff81168114610eb9575f5ffd5b809150509250929050565b634e487b7160e01b5f52601160045260245ffd5b80820180821115610eeb57610eeb610ec4565b92915050565b81810381811115610eeb57610eeb610ec4565b634e487b7160e01b5f52604160045260245ffd5b634e487b7160e01b5f52603260045260245ffdfea2646970667358221220f74faa5c171d6407796712e8115d23391bcca2f37a26f819e15564f7b60a589664736f6c63430008250033' as const;
